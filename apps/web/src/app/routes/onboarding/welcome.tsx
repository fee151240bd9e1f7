import {
  DEFAULT_AUTHED_PATH,
  ONBOARDING_MESSAGES,
  ONBOARDING_MISSING_MESSAGES,
  ONBOARDING_STEPS,
  needsMobileConfirmation,
  needsOnboarding,
  routeByName,
  type SessionUser,
  type OnboardingStatus,
  type OnboardingStepKey,
} from '@linkup/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { OnboardingProgress } from '@/features/onboarding/components/onboarding-progress';
import { onboardingKeys } from '@/features/onboarding/api/keys';
import { onboardingStatusQueryOptions, useOnboardingStatus } from '@/features/onboarding/api/get-onboarding-status';
import { useCompleteOnboarding } from '@/features/onboarding/api/complete-onboarding';
import { LocationPicker } from '@/features/preferences/components/location-picker';
import { PreferencesForm } from '@/features/preferences/components/preferences-form';
import { InterestsPicker } from '@/features/profile/components/interests-picker';
import { PhotoManager } from '@/features/profile/components/photo-manager';
import { ProfileDetailsForm } from '@/features/profile/components/profile-details-form';
import { FormMessage } from '@/components/form-field';
import { isApiClientError } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { CONFIRM_MOBILE_TEXTS, ConfirmMobileForm } from '@/features/auth/components/confirm-mobile-form';

export const ONBOARDING_TEXTS = {
  intro: 'A few quick steps and your profile is ready. You can leave at any time and pick up where you left off.',
  back: 'Back',
  /** The step's one primary button: saves the step (when it has a form) and moves on (issue 32 item 4). */
  continue: 'Continue',
  skip: 'Skip for now',
  finish: 'Finish',
  finishFailed: 'Could not finish onboarding.',
  loadFailed: 'Your progress could not be loaded.',
  goTo: (label: string) => `Go to ${label}`,
  descriptions: {
    photos: 'Add at least one photo. The first one is your main photo, the one members see first.',
    about: 'A few lines about you: what you love, what makes you laugh, what you are looking for.',
    basics: 'Your gender, and the kind of relationship you are looking for.',
    interests: 'Pick what you enjoy. Shared interests help you find good matches.',
    preferences: 'Who would you like to meet? You can change this at any time.',
    location: 'Where are you? We show you people nearby, and never keep your exact position.',
  } satisfies Record<OnboardingStepKey, string>,
} as const;

/**
 * /onboarding/welcome — the first-run flow (DESIGN §6): photos, about me, gender and what I'm
 * looking for, interests, dating preferences, location. It resumes at the first unfinished step;
 * Finish marks the profile complete, updates the session and opens the dashboard.
 */
export function OnboardingWelcomeRoute() {
  const user = useSessionStore((s) => s.user);
  if (user && needsMobileConfirmation(user)) return <ConfirmMobileStep user={user} />;
  return <OnboardingSteps />;
}

/**
 * Before the profile steps: the number registered with is confirmed with the code sent to it
 * (issue 27). A member who had finished onboarding already goes on to the dashboard.
 */
function ConfirmMobileStep({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const confirmed = (updated: SessionUser) => {
    if (!needsOnboarding(updated)) void navigate(DEFAULT_AUTHED_PATH, { replace: true });
  };
  return (
    <section className="onboarding-page">
      <h1 className="onboarding-title">{routeByName('onboarding.welcome').title}</h1>
      <section className="onboarding-card" aria-labelledby="confirm-mobile-title">
        <h2 id="confirm-mobile-title" className="onboarding-step-title">{CONFIRM_MOBILE_TEXTS.title}</h2>
        <ConfirmMobileForm mobile={user.phone_number} onConfirmed={confirmed} />
      </section>
    </section>
  );
}

function OnboardingSteps() {
  const status = useOnboardingStatus();
  return (
    <section className="onboarding-page">
      <h1 className="onboarding-title">{routeByName('onboarding.welcome').title}</h1>
      <p className="onboarding-intro">{ONBOARDING_TEXTS.intro}</p>
      {status.data ? (
        <OnboardingFlow status={status.data} />
      ) : status.isError ? (
        <div className="onboarding-load-failed" role="alert">
          <p>{ONBOARDING_TEXTS.loadFailed}</p>
          <Button type="button" label="Try again" icon="pi pi-refresh" className="onboarding-button-secondary" onClick={() => void status.refetch()} />
        </div>
      ) : (
        <div className="onboarding-loading" role="status">
          <Spinner size={36} />
          <span className="sr-only">Loading your progress</span>
        </div>
      )}
    </section>
  );
}

/** Steps whose form's own submit is the step's Continue (it saves and moves on; issue 32 item 4). */
const OWN_SUBMIT: ReadonlySet<OnboardingStepKey> = new Set(['about', 'basics', 'interests', 'preferences']);

function OnboardingFlow({ status }: { status: OnboardingStatus }) {
  const steps = status.steps;
  // Each step has its own URL (?step=about), so the browser's and Android's back go to the previous
  // step (issue 32 item 3). Without one, resume where the member left off: the first unfinished
  // step (the last one when all are done).
  const [search, setSearch] = useSearchParams();
  const [resume] = useState(() => {
    const next = steps.findIndex((s) => s.key === status.next_step);
    return next >= 0 ? next : steps.length - 1;
  });
  const fromUrl = steps.findIndex((s) => s.key === search.get('step'));
  const current = fromUrl >= 0 ? fromUrl : resume;
  useEffect(() => {
    if (fromUrl < 0) setSearch({ step: steps[resume]!.key }, { replace: true });
  }, [fromUrl, resume, steps, setSearch]);
  const [problem, setProblem] = useState<string | null>(null);
  const [missing, setMissing] = useState<OnboardingStepKey[]>([]);
  const [checking, setChecking] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const queryClient = useQueryClient();
  const complete = useCompleteOnboarding();
  const navigate = useNavigate();
  const step = steps[current]!;
  const isLast = current === steps.length - 1;

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
    headingRef.current?.focus();
  }, [current]);

  const refresh = () => queryClient.fetchQuery({ ...onboardingStatusQueryOptions(), staleTime: 0 });
  const changed = () => void queryClient.invalidateQueries({ queryKey: onboardingKeys.status() });

  /** A step changed in place (a photo added, a city chosen): what it was missing is no longer said (issue 17). */
  const answered = (key: OnboardingStepKey) => () => {
    changed();
    setProblem(null);
    setMissing((keys) => keys.filter((k) => k !== key));
  };

  function goTo(index: number) {
    setProblem(null);
    setMissing([]);
    const target = Math.max(0, Math.min(index, steps.length - 1));
    if (target !== current) setSearch({ step: steps[target]!.key });
  }

  /** After a step's form saved: on to the next step (its status refreshes in the background). */
  function saved() {
    changed();
    goTo(current + 1);
  }

  async function next() {
    setChecking(true);
    try {
      const fresh = await refresh();
      const now = fresh.steps.find((s) => s.key === step.key);
      if (ONBOARDING_STEPS[step.key].required && !now?.done) {
        setProblem(ONBOARDING_MISSING_MESSAGES[step.key]);
        return;
      }
      goTo(current + 1);
    } catch {
      setProblem(ONBOARDING_TEXTS.loadFailed);
    } finally {
      setChecking(false);
    }
  }

  async function finish() {
    setProblem(null);
    setMissing([]);
    try {
      const { message } = await complete.mutateAsync();
      toast.success(message ?? ONBOARDING_MESSAGES.completed);
      void navigate(DEFAULT_AUTHED_PATH, { replace: true });
    } catch (error) {
      // One message per event (issue 17): what is missing, in place, with a way to each step; any
      // other failure in a toast.
      if (isApiClientError(error) && error.status === 422) {
        setProblem(error.serverMessage ?? ONBOARDING_MESSAGES.incomplete);
        setMissing(Object.keys(error.errors ?? {}).filter((key): key is OnboardingStepKey => key in ONBOARDING_STEPS));
      } else {
        toast.error(isApiClientError(error) ? error.message : ONBOARDING_TEXTS.finishFailed);
      }
    }
  }

  const content: Record<OnboardingStepKey, ReactNode> = {
    photos: <PhotoManager crop onChange={answered('photos')} />,
    about: <ProfileDetailsForm fields={['about']} submitLabel={ONBOARDING_TEXTS.continue} onSaved={saved} />,
    basics: (
      <ProfileDetailsForm
        fields={['gender', 'relationship_type']}
        required={['gender', 'relationship_type']}
        submitLabel={ONBOARDING_TEXTS.continue}
        onSaved={saved}
      />
    ),
    interests: <InterestsPicker submitLabel={ONBOARDING_TEXTS.continue} onSaved={saved} showIntro={false} />,
    preferences: <PreferencesForm submitLabel={ONBOARDING_TEXTS.continue} showReset={false} onSaved={saved} />,
    location: <LocationPicker onSaved={answered('location')} />,
  };
  const optional = !ONBOARDING_STEPS[step.key].required;
  const ownSubmit = OWN_SUBMIT.has(step.key);

  return (
    <div className="onboarding-flow">
      <OnboardingProgress steps={steps} current={current} />
      <section className="onboarding-card" aria-labelledby="onboarding-step-title">
        <h2 id="onboarding-step-title" ref={headingRef} tabIndex={-1} className="onboarding-step-title">{step.label}</h2>
        <p className="onboarding-step-text">{ONBOARDING_TEXTS.descriptions[step.key]}</p>
        {content[step.key]}
      </section>

      {problem && <FormMessage tone="error">{problem}</FormMessage>}
      {missing.length > 0 && (
        <ul className="onboarding-missing" aria-label="Still to do">
          {missing.map((key) => (
            <li key={key}>
              <span>{ONBOARDING_MISSING_MESSAGES[key]}</span>
              <button type="button" className="onboarding-link" onClick={() => goTo(steps.findIndex((s) => s.key === key))}>
                {ONBOARDING_TEXTS.goTo(ONBOARDING_STEPS[key].label)}
              </button>
            </li>
          ))}
        </ul>
      )}

      <nav className="onboarding-nav" aria-label="Onboarding">
        <Button
          type="button"
          label={ONBOARDING_TEXTS.back}
          icon="pi pi-arrow-left"
          className="onboarding-button-secondary"
          onClick={() => goTo(current - 1)}
          disabled={current === 0}
        />
        {isLast ? (
          <Button type="button" label={ONBOARDING_TEXTS.finish} icon="pi pi-check" iconPos="right" className="onboarding-button-primary"
            onClick={() => void finish()} loading={complete.isPending} />
        ) : ownSubmit ? (
          // The form's Continue is the step's one primary button; an optional step may be left for later.
          optional && (
            <Button type="button" label={ONBOARDING_TEXTS.skip} icon="pi pi-arrow-right" iconPos="right"
              className="onboarding-button-secondary" onClick={() => goTo(current + 1)} />
          )
        ) : (
          <Button type="button" label={ONBOARDING_TEXTS.continue} icon="pi pi-arrow-right" iconPos="right"
            className="onboarding-button-primary" onClick={() => void next()} loading={checking} />
        )}
      </nav>
    </div>
  );
}
