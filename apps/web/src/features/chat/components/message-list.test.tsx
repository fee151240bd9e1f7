import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageList } from '@/features/chat/components/message-list';
import { buildMessage } from '@/test/fake-socket';

const ME = 'usr_me';
const at = (day: number, hour: number) => new Date(2030, 0, day, hour, 0).toISOString();

function renderList(messages: ReturnType<typeof buildMessage>[], seenAt: string | null = null) {
  render(
    <MessageList messages={messages} myId={ME} status="ready" hasEarlier={false} loadingEarlier={false} onLoadEarlier={() => undefined} seenAt={seenAt} />,
  );
  return screen.getByRole('list', { name: 'Messages' });
}

/** Issue 32 item 13: day separators, and "Seen" under my last message once the other member has read it. */
describe('the conversation (issue 32)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 0, 10, 18, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('puts the day above each day\'s first message: a date, a weekday, Yesterday, Today', () => {
    const list = renderList([
      buildMessage({ created_at: at(1, 9) }),
      buildMessage({ created_at: at(1, 10), user_id: ME }),
      buildMessage({ created_at: at(7, 9) }),
      buildMessage({ created_at: at(9, 21) }),
      buildMessage({ created_at: at(10, 8), user_id: ME }),
      buildMessage({ created_at: at(10, 9) }),
    ]);
    expect(within(list).getAllByTestId('day-separator').map((s) => s.textContent)).toEqual(['Jan 1', 'Monday', 'Yesterday', 'Today']);
    // Each separator comes right before its day's first message.
    const items = within(list).getAllByRole('listitem').map((li) => li.dataset.testid);
    expect(items).toEqual(['day-separator', 'message', 'message', 'day-separator', 'message', 'day-separator', 'message', 'day-separator', 'message', 'message']);
  });

  it('shows "Seen" under my last message once the other member read after it, and nowhere before', () => {
    const mine = buildMessage({ created_at: at(10, 8), user_id: ME });
    const messages = [buildMessage({ created_at: at(10, 7), user_id: ME }), mine, buildMessage({ created_at: at(10, 9) })];
    const { rerender } = render(<></>);
    rerender(<MessageList messages={messages} myId={ME} status="ready" hasEarlier={false} loadingEarlier={false} onLoadEarlier={() => undefined} seenAt={null} />);
    expect(screen.queryByTestId('message-seen')).toBeNull();

    rerender(<MessageList messages={messages} myId={ME} status="ready" hasEarlier={false} loadingEarlier={false} onLoadEarlier={() => undefined} seenAt={at(10, 7)} />);
    expect(screen.queryByTestId('message-seen')).toBeNull();

    rerender(<MessageList messages={messages} myId={ME} status="ready" hasEarlier={false} loadingEarlier={false} onLoadEarlier={() => undefined} seenAt={at(10, 8)} />);
    const seen = screen.getAllByTestId('message-seen');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toHaveTextContent('Seen');
    expect(seen[0]!.previousElementSibling).toHaveAttribute('data-message-id', mine.id);
  });
});
