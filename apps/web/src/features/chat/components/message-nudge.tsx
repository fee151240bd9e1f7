import { SAFE_CONTACT_TEXTS, type ChatMessage } from '@linkup/contract';
import { useState } from 'react';
import { bannerOf, bothersOf } from '@/features/chat/utils/nudges';

interface MessageNudgeProps {
  message: ChatMessage;
  mine: boolean;
  /** The pair has exchanged fewer than 20 messages: the calm banners show. */
  bannersShown: boolean;
  /** Reports the message in one tap; resolves true once reported. */
  onReport?: (message: ChatMessage) => Promise<boolean>;
}

/**
 * Under a message its reader should be careful about (issue 29): "Be careful: they're asking to
 * move off LinkUp" / "… asking for money" while the pair is new to each other, and "Does this
 * bother you?" under a hurtful one — each with Report, one tap (the message is the evidence).
 */
export function MessageNudge({ message, mine, bannersShown, onReport }: MessageNudgeProps) {
  const [state, setState] = useState<'idle' | 'sending' | 'reported'>('idle');
  const banner = bannersShown ? bannerOf(message, mine) : null;
  const bothers = bothersOf(message, mine);
  if (!banner && !bothers) return null;

  async function report() {
    if (!onReport) return;
    setState('sending');
    setState((await onReport(message)) ? 'reported' : 'idle');
  }

  return (
    <div className="bubble-nudge" role="note" data-testid="message-nudge">
      <i className="pi pi-shield" aria-hidden="true" />
      <div className="bubble-nudge-body">
        {banner && <p>{banner === 'money' ? SAFE_CONTACT_TEXTS.money : SAFE_CONTACT_TEXTS.offPlatform}</p>}
        {bothers && <p>{SAFE_CONTACT_TEXTS.bothersYou}</p>}
        {state === 'reported' ? (
          <p className="bubble-nudge-done" role="status">{SAFE_CONTACT_TEXTS.reported}</p>
        ) : (
          onReport && (
            <button type="button" className="bubble-nudge-report" onClick={() => void report()} disabled={state === 'sending'} aria-busy={state === 'sending'}>
              {SAFE_CONTACT_TEXTS.report}
            </button>
          )
        )}
      </div>
    </div>
  );
}
