/**
 * Safe contact (issue 29): what the server flags in a message and what the web says about it.
 * The server classifies a message once, at send and at edit; only the recipient's copy carries
 * its flags. Sources of the word lists: docs/decisions.md, "Safe contact (issue 29)".
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

/**
 * Words and phrases (lower case, accents removed, words separated by one space) that ask to move
 * the conversation to another messaging app or to share contact details. Matched as whole words.
 */
export const CONTACT_APP_TERMS: readonly string[] = [
  // English
  'whatsapp', 'whats app', 'whatsap', 'watsapp', 'watsap', 'wassap', 'whatsapp me', 'wa me',
  'telegram', 'telegram me', 'snapchat', 'snap me', 'add me on snap', 'my snap', 'instagram', 'insta', 'my ig', 'dm me on',
  'kik', 'kik me', 'wechat', 'viber', 'skype', 'hangouts', 'google chat', 'facebook', 'messenger', 'my fb', 'tiktok',
  'signal me', 'on signal', 'line id', 'text me on', 'text me at', 'call me on', 'call me at', 'my number is',
  'my cell', 'my cell number', 'my phone number', 'my email', 'email me', 'e mail me', 'off this app', 'off this site',
  'outside this app', 'chat somewhere else', 'somewhere more private',
  // Afrikaans
  'my nommer', 'my selfoon', 'bel my', 'stuur vir my n sms',
  // isiZulu
  'inombolo yami', 'ngishayele', 'ngithintele ku',
  // Spanish
  'mi numero', 'mi celular', 'mi correo', 'llamame', 'escribeme al', 'escribeme por',
  // Portuguese
  'meu numero', 'meu celular', 'meu zap', 'meu email', 'me liga', 'me chama no',
  // French
  'mon numero', 'mon portable', 'mon mail', 'appelle moi', 'ecris moi sur', 'contacte moi sur',
];

/**
 * Words and phrases asking for money: payment apps, gift cards, crypto, transfers and bank
 * details (same form as CONTACT_APP_TERMS). Prices in conversation ("it was R120") are not here.
 */
export const MONEY_TERMS: readonly string[] = [
  // English
  'send money', 'send me money', 'send me some money', 'send me cash', 'send cash', 'need money', 'lend me money', 'loan me',
  'borrow money', 'pay me', 'pay for my', 'transfer money', 'transfer the money', 'money transfer', 'wire transfer', 'wire me',
  'wire the money', 'western union', 'moneygram', 'world remit', 'worldremit', 'mukuru',
  'cashapp', 'cash app', 'venmo', 'paypal', 'zelle', 'revolut', 'skrill', 'payoneer', 'wise transfer',
  'gift card', 'gift cards', 'giftcard', 'giftcards', 'itunes card', 'apple card', 'google play card', 'steam card',
  'amazon card', 'send me a voucher', 'airtime', 'send me airtime', 'data bundle',
  'bitcoin', 'btc', 'crypto', 'cryptocurrency', 'usdt', 'ethereum', 'binance', 'wallet address', 'forex',
  'bank details', 'banking details', 'bank account', 'account number', 'routing number', 'sort code', 'iban', 'swift code',
  'eft', 'ewallet', 'e wallet', 'cashsend', 'cash send', 'instant money',
  // Afrikaans
  'stuur geld', 'stuur vir my geld', 'leen my geld', 'bankbesonderhede', 'rekeningnommer',
  // isiZulu
  'imali', 'ngithumelele imali', 'ngiboleke imali', 'i akhawunti',
  // Spanish
  'enviame dinero', 'mandame dinero', 'necesito dinero', 'prestame dinero', 'tarjeta de regalo', 'transferencia',
  'cuenta bancaria', 'numero de cuenta',
  // Portuguese
  'me manda dinheiro', 'envia dinheiro', 'preciso de dinheiro', 'me empresta dinheiro', 'pix', 'cartao presente',
  'cartao de presente', 'conta bancaria', 'transferencia bancaria',
  // French
  'envoie moi de l argent', 'envoyer de l argent', 'besoin d argent', 'prete moi de l argent', 'carte cadeau', 'virement',
  'compte bancaire',
];

/**
 * Normalises a text the way the term lists are written: lower case, accents removed, every run of
 * other characters one space, padded with a space each side (so ` term ` matches whole words).
 */
export function foldForTerms(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ');
  return ` ${folded.trim()} `;
}
