/**
 * The statement of reasons a member gets with a decision (issue 30, DSA Art. 17): what was
 * decided, the facts (the moderator's words), the rule, that it followed a report, and how to
 * appeal. The console previews it before the moderator confirms.
 */
import { MODERATION_LIMITS, MODERATION_REASON_LABELS, type ModerationAction, type ModerationReasonCode } from '@linkup/contract';

/** Reason templates: the facts a moderator usually writes for each rule, to edit before sending. */
export const REASON_TEMPLATES: Readonly<Record<ModerationReasonCode, string>> = {
  fake_profile: 'Your profile uses photos or details that are not yours or are misleading.',
  inappropriate_content: 'Your profile or messages contain photos or text that are not allowed on LinkUp.',
  harassment: 'You sent messages that harassed another member.',
  scam_or_spam: 'You sent messages that ask for money or advertise, which LinkUp does not allow.',
  underage: 'LinkUp is for adults only, and the account appears to belong to someone under 18.',
  threats: 'You sent a message that threatens another member.',
  hate: 'You sent messages that attack people for who they are.',
  other: 'Your account broke our terms of service.',
  no_violation: 'We reviewed a report about your account and found no breach of our rules.',
};

export const ACTION_LABELS: Readonly<Record<ModerationAction, string>> = {
  dismiss: 'Dismiss',
  warn: 'Warn',
  remove_content: 'Remove content',
  suspend: 'Suspend',
  ban: 'Ban',
};

/** The one-letter shortcut of each action in the queue (d/w/r/s/b). */
export const ACTION_KEYS: Readonly<Record<string, ModerationAction>> = { d: 'dismiss', w: 'warn', r: 'remove_content', s: 'suspend', b: 'ban' };

export interface StatementInput {
  action: ModerationAction;
  reasonCode: ModerationReasonCode;
  /** The facts, in the moderator's words. */
  facts: string;
  days?: number | undefined;
  /** Whether the decision follows a member's report. */
  reported: boolean;
  /** What remove_content removes, in words ('your about text'). */
  removed?: readonly string[];
}

function decided({ action, days, removed = [] }: StatementInput): string {
  switch (action) {
    case 'dismiss':
      return 'We reviewed a report about your account and took no action.';
    case 'warn':
      return 'We have given your account a warning.';
    case 'remove_content':
      return `We removed ${removed.length > 0 ? removed.join(' and ') : 'content'} from your profile.`;
    case 'suspend':
      return `We have suspended your account for ${days ?? '?'} ${days === 1 ? 'day' : 'days'}.`;
    case 'ban':
      return 'We have banned your account from LinkUp.';
  }
}

/** The statement the member will get, as the console previews it. */
export function statementPreview(input: StatementInput): string {
  const rule = MODERATION_REASON_LABELS[input.reasonCode];
  const source = input.reported ? 'This decision follows a report by another member and was made by a moderator.' : 'This decision was made by a moderator.';
  const appeal = input.action === 'dismiss'
    ? null
    : `If you think we got this wrong, you can appeal within ${MODERATION_LIMITS.appealMonths} months from Your account; another moderator will review it.`;
  return [decided(input), `Facts: ${input.facts.trim() || '…'}`, `Rule: ${rule}.`, source, appeal].filter(Boolean).join('\n\n');
}
