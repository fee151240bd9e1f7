/**
 * Links in a message (issue 29). Messages are text, never HTML: this only splits the text into
 * plain parts and web addresses, which the bubble shows as links once the conversation allows it.
 * Only http(s) addresses (and "www." ones, opened over https) become links.
 */
export interface TextPart {
  text: string;
  /** Set on a web address. */
  href?: string;
}

const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than the address ("see www.x.com."). */
const TRAILING = /[.,;:!?'")\]]+$/;

export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING, '');
    if (!address.includes('.')) continue;
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    const href = /^https?:\/\//i.test(address) ? address : `https://${address}`;
    parts.push({ text: address, href });
    last = start + address.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
