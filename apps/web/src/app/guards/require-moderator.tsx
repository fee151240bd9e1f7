import { DEFAULT_AUTHED_PATH, type Role } from '@linkup/contract';
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate } from 'react-router';
import { Loading } from '@/components/load-state';
import { PAGE_GROUPS } from '@/app/page-groups';
import { useSessionStore } from '@/lib/session-store';

/**
 * The contract's MODERATOR_ROLES / isModerator, restated: they live beside zod schemas
 * (schemas/moderation.ts), and an import from there would put zod in every first page.
 */
const CONSOLE_ROLES: readonly Role[] = ['moderator', 'admin'];
const isModerator = (roles: readonly string[] | undefined) => (roles ?? []).some((r) => (CONSOLE_ROLES as readonly string[]).includes(r));

type ModerationModule = Awaited<ReturnType<typeof PAGE_GROUPS.moderation>>;

/**
 * A console screen, loaded from the console's page group only when rendered: the group's import
 * runs after RequireModerator has let the session through, never for a member without a role.
 */
function consoleScreen(pick: (m: ModerationModule) => ComponentType): ComponentType {
  return lazy(() => PAGE_GROUPS.moderation().then((m) => ({ default: pick(m) })));
}

export const MODERATION_SCREENS = {
  'moderation.queue': consoleScreen((m) => m.ModerationQueueRoute),
  'moderation.report': consoleScreen((m) => m.ModerationReportRoute),
  'moderation.member': consoleScreen((m) => m.ModerationMemberRoute),
  'moderation.appeals': consoleScreen((m) => m.ModerationAppealsRoute),
  'moderation.held': consoleScreen((m) => m.ModerationHeldRoute),
  'moderation.verification': consoleScreen((m) => m.ModerationVerificationRoute),
  'moderation.audit': consoleScreen((m) => m.ModerationAuditRoute),
  'moderation.stats': consoleScreen((m) => m.ModerationStatsRoute),
} as const;

const ModerationLayout = consoleScreen((m) => m.ModerationLayout);

/**
 * The console at /moderation (issue 30), for sessions with the `moderator` or `admin` role. Others
 * are sent on as for an address that does not exist (the API answers them 404 too) and never load
 * the console's code: its screens are React.lazy components rendered only from here, not route
 * `lazy` functions (which the router would run before any guard renders).
 */
export function RequireModerator() {
  const roles = useSessionStore((s) => s.user?.roles);
  if (!isModerator(roles)) return <Navigate to={DEFAULT_AUTHED_PATH} replace />;
  return (
    <Suspense fallback={<Loading label="Loading the console" />}>
      <ModerationLayout />
    </Suspense>
  );
}

/** A console screen's route element; the layout's Suspense shows while its code loads. */
export function ConsoleScreen({ name }: { name: keyof typeof MODERATION_SCREENS }) {
  const Screen = MODERATION_SCREENS[name];
  return (
    <Suspense fallback={<Loading label="Loading" />}>
      <Screen />
    </Suspense>
  );
}
