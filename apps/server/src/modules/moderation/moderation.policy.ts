import {
  AUTO_RESTRICT_REPORT_REASONS, CRITICAL_REPORT_REASONS, MODERATION_LIMITS, MODERATION_PRIORITIES, isModerator, type ModerationAction, type ModerationPriority,
  type StandingStatus,
} from '@linkup/contract';

/** What one step of the strike ladder brings. */
export type LadderStep = { action: 'warn' } | { action: 'suspend'; days: number } | { action: 'ban' };

/** A member's restriction as the users row keeps it. */
export interface Restriction {
  restriction: string | null;
  restricted_until: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Reasons besides the critical ones that rank high. */
const HIGH_REASONS: readonly string[] = ['harassment', 'inappropriate_photos'];
/** A reporter is flagged with this many reports, of which this share were dismissed. */
export const FALSE_REPORTER = { minReports: 5, dismissedShare: 0.7 } as const;
/** A trusted reporter's account age. */
export const TRUSTED_REPORTER_DAYS = 30;
/** Open scam/fake reports from trusted reporters that restrict automatically. */
export const AUTO_RESTRICT_REPORTS = 2;

/**
 * The rules of moderation (issue 30), pure: who may moderate, how reports rank, what a strike
 * brings, what a member's standing is and which routes a restricted session reaches.
 */
export const moderationPolicy = {
  /** Whether roles open `/api/moderation/…` (everyone else gets 404). */
  mayModerate(roles: readonly string[]): boolean {
    return isModerator(roles);
  },

  /** Whether roles may change others' roles. */
  mayManageRoles(roles: readonly string[]): boolean {
    return roles.includes('admin');
  },

  /** A report's priority: critical reasons first; a flagged false reporter's reports rank low. */
  priority(reason: string, reporterFlagged: boolean, subjectAutoRestricted = false): ModerationPriority {
    if ((CRITICAL_REPORT_REASONS as readonly string[]).includes(reason) || reason === 'threats') return 'critical';
    if (reporterFlagged) return 'low';
    // An automatic protective restriction waits for a moderator: its reports rank high.
    if (subjectAutoRestricted) return 'high';
    if (HIGH_REASONS.includes(reason)) return 'high';
    return 'normal';
  },

  /** Sort key: priority, then oldest first. */
  compareQueue(a: { priority: ModerationPriority; created_at: string }, b: { priority: ModerationPriority; created_at: string }): number {
    const rank = MODERATION_PRIORITIES.indexOf(a.priority) - MODERATION_PRIORITIES.indexOf(b.priority);
    return rank !== 0 ? rank : a.created_at.localeCompare(b.created_at);
  },

  /** Parses `MODERATION_STRIKE_LADDER` steps ('warn', 'suspend:7', 'ban'). */
  parseLadder(steps: readonly string[]): LadderStep[] {
    return steps.map((step) => {
      if (step === 'warn' || step === 'ban') return { action: step };
      const days = Number(step.split(':')[1]);
      if (!step.startsWith('suspend:') || !Number.isInteger(days) || days < 1) throw new Error(`Unknown strike ladder step "${step}"`);
      return { action: 'suspend', days };
    });
  },

  /** What the `strikes`th strike (1-based) brings; past the ladder's end its last step repeats. */
  ladderStep(ladder: readonly LadderStep[], strikes: number): LadderStep {
    return ladder[Math.min(Math.max(strikes, 1), ladder.length) - 1] ?? { action: 'warn' };
  },

  /** Whether an action adds a strike. */
  addsStrike(action: ModerationAction): boolean {
    return action === 'warn' || action === 'remove_content';
  },

  /** Whether an action restricts the member (and so sends a statement of reasons). */
  restricts(action: string): boolean {
    return action !== 'dismiss' && action !== 'lift';
  },

  /** The restriction a moderator's ban or suspension sets. */
  restrictionOf(action: string): 'suspended' | 'banned' | null {
    return action === 'ban' ? 'banned' : action === 'suspend' ? 'suspended' : null;
  },

  /** The end of a suspension of `days` from `now`. */
  suspensionEnd(now: Date, days: number): string {
    return new Date(now.getTime() + days * DAY_MS).toISOString();
  },

  /** Whether the member is suspended or banned now (a suspension past its end is over). */
  isRestricted(user: Restriction, now: Date): boolean {
    if (user.restriction === 'banned') return true;
    return user.restriction === 'suspended' && (user.restricted_until === null || Date.parse(user.restricted_until) > now.getTime());
  },

  /** Whether the member is hidden from discover, search and feed (suspended, banned or protectively restricted). */
  isHidden(user: Restriction, now: Date): boolean {
    return user.restriction === 'protective' || this.isRestricted(user, now);
  },

  standing(user: Restriction, strikes: number, now: Date): StandingStatus {
    if (user.restriction === 'banned') return 'banned';
    if (this.isRestricted(user, now)) return 'suspended';
    if (user.restriction === 'protective') return 'restricted';
    return strikes > 0 ? 'warned' : 'good';
  },

  /** The last moment a decision made at `decidedAt` can be appealed. */
  appealDeadline(decidedAt: string): string {
    const date = new Date(decidedAt);
    date.setUTCMonth(date.getUTCMonth() + MODERATION_LIMITS.appealMonths);
    return date.toISOString();
  },

  /** Whether open reports from trusted reporters call for the automatic protective restriction. */
  autoRestricts(reports: readonly { reason: string; trusted: boolean; reporter_id: string | null }[]): boolean {
    const reporters = new Set(reports.filter((r) => r.trusted && r.reporter_id && (AUTO_RESTRICT_REPORT_REASONS as readonly string[]).includes(r.reason)).map((r) => r.reporter_id));
    return reporters.size >= AUTO_RESTRICT_REPORTS;
  },

  /** Whether a reporter is flagged: enough reports, most of them dismissed. */
  isFalseReporter(reports: number, dismissed: number): boolean {
    return reports >= FALSE_REPORTER.minReports && dismissed / reports >= FALSE_REPORTER.dismissedShare;
  },

  /** Whether a reporter's reports count toward an automatic restriction. */
  isTrustedReporter(reporter: { created_at: string; onboarding_completed_at: string | null }, flagged: boolean, now: Date): boolean {
    return !flagged && reporter.onboarding_completed_at !== null && now.getTime() - Date.parse(reporter.created_at) >= TRUSTED_REPORTER_DAYS * DAY_MS;
  },

  /**
   * What a suspended or banned session still reaches: its standing, an appeal, the export, deleting
   * the account, logging out, and the session user (so the app knows to show the standing page).
   */
  restrictedRouteAllowed(method: string, url: string | undefined): boolean {
    return RESTRICTED_ROUTES.has(`${method.toUpperCase()} ${url ?? ''}`);
  },
};

const RESTRICTED_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/account/standing', 'POST /api/account/appeals', 'GET /api/account/export', 'DELETE /api/account', 'POST /api/auth/logout',
  'GET /api/auth/user',
]);
