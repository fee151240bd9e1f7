/**
 * Safe contact (issue 29): the word lists the server's message classifier matches. Only the server
 * uses them; they live under schemas/ so the web build puts them in the lazily loaded schemas
 * chunk (vite.config.ts), never in a first page's code. Sources: docs/decisions.md, "Safe contact
 * (issue 29)".
 */

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
