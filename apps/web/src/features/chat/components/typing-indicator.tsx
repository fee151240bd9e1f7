import { typingText, type Typer } from '@/features/chat/hooks/use-typing-indicator';

/** '<name> is typing…' under the conversation while someone types (spec §2). */
export function TypingIndicator({ typers }: { typers: readonly Typer[] }) {
  const text = typingText(typers);
  return (
    <div className="typing-indicator" role="status" aria-live="polite">
      {text && (
        <>
          <span className="typing-dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span>{text}</span>
        </>
      )}
    </div>
  );
}
