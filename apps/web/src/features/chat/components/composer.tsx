import { COMPOSER_MAX_HEIGHT_PX, FIELD_LIMITS, UI_TEXTS, isSendableMessage } from '@linkup/contract';
import { useRef, useState, type KeyboardEvent } from 'react';
import { LengthCounter } from '@/components/length-counter';
import { useAutoGrow } from '@/features/chat/hooks/use-auto-grow';
import { composerKeyAction } from '@/features/chat/utils/keys';
import { confirmHurtful } from '@/features/chat/components/confirm-hurtful';

interface ComposerProps {
  /**
   * Sends the text; resolves false when it was not sent (the text comes back into the box), and
   * 'confirm_required' when the server found it hurtful (issue 29): the composer asks "Are you
   * sure? This may be hurtful." — Send anyway sends it again with `confirm`, Edit puts it back.
   */
  onSend: (text: string, options?: { confirm?: boolean }) => Promise<boolean | 'confirm_required'>;
  /** The member is typing (called on every change with text in the box). */
  onTyping?: () => void;
  /** Nothing can be sent (issue 29: the conversation ended). */
  disabled?: boolean;
}

/**
 * The message box (spec §2): 'Type a message...', Enter sends, Shift+Enter adds a line, grows up
 * to 128 px, at most the contract's 2,000 characters with a counter near the limit; Send is disabled while the text is empty or a send is in progress; a failed send
 * puts the text back.
 */
export function Composer({ onSend, onTyping, disabled = false }: ComposerProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  useAutoGrow(box, text);
  const canSend = isSendableMessage(text) && !sending && !disabled;

  async function send() {
    if (!canSend) return;
    const sent = text;
    setSending(true);
    setText('');
    let ok = false;
    try {
      const outcome = await onSend(sent);
      ok = outcome === 'confirm_required' ? (await confirmHurtful()) && (await onSend(sent, { confirm: true })) === true : outcome;
    } finally {
      setSending(false);
      // Whatever was typed meanwhile stays, after the text that failed.
      if (!ok) setText((typed) => (typed ? `${sent}\n${typed}` : sent));
      box.current?.focus();
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (composerKeyAction(event.nativeEvent) !== 'send') return;
    event.preventDefault();
    void send();
  }

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <textarea
        ref={box}
        className="composer-input"
        rows={1}
        placeholder={UI_TEXTS.chat.composerPlaceholder}
        aria-label="Message"
        value={text}
        style={{ maxHeight: COMPOSER_MAX_HEIGHT_PX }}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim()) onTyping?.();
        }}
        onKeyDown={handleKeyDown}
        enterKeyHint="send"
        maxLength={FIELD_LIMITS.chatMessageMax}
        disabled={disabled}
      />
      <LengthCounter length={text.length} max={FIELD_LIMITS.chatMessageMax} />
      <button type="submit" className="composer-send" aria-label="Send" disabled={!canSend} aria-busy={sending}>
        <i className={`pi ${sending ? 'pi-spin pi-spinner' : 'pi-send'}`} aria-hidden="true" />
      </button>
    </form>
  );
}
