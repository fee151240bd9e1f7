/**
 * Safe contact (issue 29): which nudge a message shows to whom. The server flags a message only
 * on its recipient's copy; the web decides when to show what (calm banners early on, links as
 * plain text until the two know each other a little).
 */
import { SAFE_CONTACT_RULES, type ChatMessage, type ReportReason } from '@linkup/contract';

/** The banner under a flagged message: asking for money, or asking to move off LinkUp. */
export type ContactBanner = 'money' | 'offPlatform';

/** The banner a message shows its reader (never on one's own messages); money first. */
export function bannerOf(message: Pick<ChatMessage, 'flags'>, mine: boolean): ContactBanner | null {
  const flags = message.flags ?? [];
  if (mine || flags.length === 0) return null;
  if (flags.includes('money')) return 'money';
  if (flags.includes('contact_details') || flags.includes('link')) return 'offPlatform';
  return null;
}

/** "Does this bother you?" under a message flagged offensive, for its reader. */
export const bothersOf = (message: Pick<ChatMessage, 'flags'>, mine: boolean): boolean =>
  !mine && (message.flags ?? []).includes('offensive');

/** The reason a one-tap report of a flagged message gives. */
export const reportReasonFor = (message: Pick<ChatMessage, 'flags'>): ReportReason =>
  (message.flags ?? []).includes('offensive') ? 'harassment' : 'scam_or_spam';

/**
 * Where the conversation stands: banners show while the pair has exchanged fewer than 20
 * messages (older pages on the server mean a full page, more than that, was loaded), and links
 * work once each of the two has sent 5 (counted in what is loaded: a link stays plain text when
 * in doubt).
 */
export function conversationStage(messages: readonly Pick<ChatMessage, 'user_id'>[], hasEarlier: boolean, myId: string | null) {
  const bannersShown = !hasEarlier && messages.length < SAFE_CONTACT_RULES.bannerWhileFewerThan;
  let mine = 0;
  let theirs = 0;
  for (const message of messages) {
    if (message.user_id === myId) mine++;
    else theirs++;
  }
  const linksActive = myId !== null && Math.min(mine, theirs) >= SAFE_CONTACT_RULES.linksAfterEachSent;
  return { bannersShown, linksActive };
}
