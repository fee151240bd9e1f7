/**
 * Safe contact (issue 29): what the server flags in a message and what the web says about it.
 * The server classifies a message once, at send and at edit; only the recipient's copy carries
 * its flags. The server's word lists are in schemas/safe-contact-terms.ts.
 */

/** A message's flags, as its recipient sees them. */
export const MESSAGE_FLAGS = ['contact_details', 'link', 'money', 'offensive'] as const;
export type MessageFlag = (typeof MESSAGE_FLAGS)[number];

export const SAFE_CONTACT_RULES = {
  /** The banner under a flagged message shows while the pair has exchanged fewer messages than this. */
  bannerWhileFewerThan: 20,
  /** Links stay plain text until each member of the pair has sent this many messages. */
  linksAfterEachSent: 5,
} as const;

/** The texts of the nudges (issue 29, word for word). */
export const SAFE_CONTACT_TEXTS = {
  offPlatform: "Be careful: they're asking to move off LinkUp",
  money: "Be careful: they're asking for money. LinkUp will never ask you to pay anyone.",
  report: 'Report',
  confirmOffensive: 'Are you sure? This may be hurtful.',
  edit: 'Edit',
  sendAnyway: 'Send anyway',
  bothersYou: 'Does this bother you?',
  reported: 'Thank you. Our team will review your report.',
  /** 409 confirm_required: the message may be hurtful; sent again with `confirm: true` it goes. */
  confirmRequired: 'This message may be hurtful. Send it anyway?',
} as const;
