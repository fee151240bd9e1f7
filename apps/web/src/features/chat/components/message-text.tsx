import { splitLinks } from '@/features/chat/utils/links';

/**
 * A message's text (always text, never HTML). Web addresses become links only once `linksActive`
 * (issue 29: each member of the pair has sent 5 messages); before that they stay plain text.
 */
export function MessageText({ text, linksActive }: { text: string; linksActive: boolean }) {
  if (!linksActive) return <p className="bubble-text">{text}</p>;
  return (
    <p className="bubble-text">
      {splitLinks(text).map((part, i) =>
        part.href ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc" className="bubble-link">{part.text}</a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
