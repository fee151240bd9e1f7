import '@/features/standing/standing.css';
import { MODERATION_MESSAGES, MODERATION_REASON_LABELS, type ModerationReasonCode, type Standing, type StandingDecision } from '@linkup/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { FormField, FormMessage, fieldAria } from '@/components/form-field';
import { Loading, LoadFailed } from '@/components/load-state';
import { PageHeader } from '@/components/page-header';
import { useStanding } from '@/features/standing/api/get-standing';
import { useSubmitAppeal } from '@/features/standing/api/submit-appeal';
import { callErrorMessage, isApiClientError } from '@/lib/api-client';
import { DISPLAY_LOCALE } from '@/lib/format';

export const STANDING_TEXTS = {
  title: 'Your account',
  subtitle: 'Decisions our moderators made about your account, with their reasons, and how to appeal.',
  loading: 'Loading your account standing',
  what: 'Your account standing',
  status: {
    good: 'Your account is in good standing.',
    warned: 'Your account has a warning.',
    restricted: 'Your account is restricted: others cannot find you until a moderator decides.',
    suspended: 'Your account is suspended.',
    banned: 'Your account is banned.',
  } satisfies Record<Standing['status'], string>,
  until: (date: string) => `Until ${date}.`,
  strikes: (n: number) => (n === 1 ? '1 strike' : `${n} strikes`),
  decisionsHeading: 'Decisions',
  noDecisions: 'No moderator has decided anything about your account.',
  action: {
    dismiss: 'Report dismissed',
    warn: 'Warning',
    remove_content: 'Content removed',
    suspend: 'Suspension',
    ban: 'Ban',
    auto_restrict: 'Automatic protective restriction',
    lift: 'Restriction lifted',
  } satisfies Record<StandingDecision['action'], string>,
  overturned: 'Overturned on appeal.',
  automatic: 'Decided automatically, before a moderator reviewed it.',
  rule: (label: string) => `Rule: ${label}`,
  decidedOn: (date: string) => `Decided on ${date}`,
  appealHeading: 'Appeal this decision',
  appealLabel: 'Why should we look at this again?',
  appealHint: 'Another moderator, not the one who decided, reviews your appeal.',
  appealSubmit: 'Send appeal',
  appealEmpty: 'Tell us why the decision should change.',
  appealDeadline: (date: string) => `You can appeal until ${date}.`,
  appealStatus: {
    open: 'Your appeal is waiting for a moderator.',
    upheld: 'Your appeal was reviewed: the decision stands.',
    overturned: 'Your appeal was reviewed: the decision was overturned.',
  } satisfies Record<NonNullable<StandingDecision['appeal']['status']>, string>,
} as const;

const reasonLabel = (code: string) => (Object.hasOwn(MODERATION_REASON_LABELS, code) ? MODERATION_REASON_LABELS[code as ModerationReasonCode] : code);

const dateFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { month: 'short', day: 'numeric', year: 'numeric' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** The member's standing (issue 30): status, strikes, each decision's statement and an appeal form. */
export function StandingScreen({ title = STANDING_TEXTS.title }: { title?: string }) {
  const standing = useStanding();
  return (
    <section className="standing-page">
      <PageHeader title={title} subtitle={STANDING_TEXTS.subtitle} />
      {standing.isPending ? (
        <Loading label={STANDING_TEXTS.loading} />
      ) : standing.isError ? (
        <LoadFailed what={STANDING_TEXTS.what} onRetry={() => void standing.refetch()} />
      ) : (
        <StandingDetails standing={standing.data} />
      )}
    </section>
  );
}

function StandingDetails({ standing }: { standing: Standing }) {
  return (
    <>
      <div className={`standing-status standing-status--${standing.status}`} role="status">
        <p className="standing-status-text">{STANDING_TEXTS.status[standing.status]}</p>
        {standing.until && <p>{STANDING_TEXTS.until(formatDate(standing.until))}</p>}
        <p className="standing-strikes">{STANDING_TEXTS.strikes(standing.strikes)}</p>
      </div>
      <h2 className="standing-heading">{STANDING_TEXTS.decisionsHeading}</h2>
      {standing.decisions.length === 0 ? (
        <p>{STANDING_TEXTS.noDecisions}</p>
      ) : (
        <ul className="standing-decisions" aria-label={STANDING_TEXTS.decisionsHeading}>
          {standing.decisions.map((decision) => (
            <DecisionCard key={decision.id} decision={decision} />
          ))}
        </ul>
      )}
    </>
  );
}

function DecisionCard({ decision }: { decision: StandingDecision }) {
  const headingId = useId();
  return (
    <li className="standing-decision" aria-labelledby={headingId}>
      <h3 id={headingId} className="standing-decision-title">
        {STANDING_TEXTS.action[decision.action]}
      </h3>
      <p className="standing-decision-date">
        {STANDING_TEXTS.decidedOn(formatDate(decision.at))}
        {decision.until ? ` · ${STANDING_TEXTS.until(formatDate(decision.until))}` : ''}
      </p>
      <p className="standing-decision-rule">{STANDING_TEXTS.rule(reasonLabel(decision.reason_code))}</p>
      {decision.automatic && <p>{STANDING_TEXTS.automatic}</p>}
      <p className="standing-statement">{decision.statement}</p>
      {decision.overturned && <p className="standing-overturned">{STANDING_TEXTS.overturned}</p>}
      <AppealPart decision={decision} />
    </li>
  );
}

function AppealPart({ decision }: { decision: StandingDecision }) {
  const { status, deadline } = decision.appeal;
  if (status) return <p className="standing-appeal-status">{STANDING_TEXTS.appealStatus[status]}</p>;
  // No deadline: this decision cannot be appealed (a lift, or six months have passed).
  if (!deadline || decision.overturned) return null;
  return <AppealForm decision={decision} deadline={deadline} />;
}

function AppealForm({ decision, deadline }: { decision: StandingDecision; deadline: string }) {
  const id = useId();
  const submit = useSubmitAppeal();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setError(STANDING_TEXTS.appealEmpty);
      return;
    }
    setError(undefined);
    setFormError(undefined);
    submit.mutate(
      { decision_id: decision.id, text: text.trim() },
      {
        onError: (e) => {
          const field = isApiClientError(e) ? e.errors?.text?.[0] : undefined;
          if (field) setError(field);
          else setFormError(callErrorMessage(e, 'Your appeal could not be sent.'));
        },
      },
    );
  }

  if (submit.isSuccess) return <FormMessage tone="success">{MODERATION_MESSAGES.appealSent}</FormMessage>;

  return (
    <form className="standing-appeal" onSubmit={onSubmit} noValidate aria-label={STANDING_TEXTS.appealHeading}>
      <h4 className="standing-appeal-heading">{STANDING_TEXTS.appealHeading}</h4>
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <FormField id={`${id}-text`} label={STANDING_TEXTS.appealLabel} error={error} hint={`${STANDING_TEXTS.appealHint} ${STANDING_TEXTS.appealDeadline(formatDate(deadline))}`}>
        <textarea
          id={`${id}-text`}
          className="p-inputtextarea p-inputtext standing-appeal-text"
          rows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
          {...fieldAria(`${id}-text`, error, true)}
        />
      </FormField>
      <Button type="submit" label={STANDING_TEXTS.appealSubmit} loading={submit.isPending} className="p-button-rounded" />
    </form>
  );
}
