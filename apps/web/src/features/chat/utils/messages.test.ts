import type { ChatMessage } from '@linkup/contract';
import { describe, expect, it } from 'vitest';
import type { MessagesData } from '@/features/chat/api/get-messages';
import { buildMessage } from '@/test/fake-socket';
import { addMessage, mergeMessages, messagesOf, removeMessage, replaceMessage } from '@/features/chat/utils/messages';

const at = (minute: number) => `2030-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const page = (items: ChatMessage[], current = 1, last = 1): MessagesData['pages'][number] => ({
  items, pagination: { current_page: current, last_page: last, per_page: 50, total: items.length },
});
const data = (...pages: MessagesData['pages']): MessagesData => ({ pages, pageParams: pages.map((_, i) => i + 1) });
const ids = (messages: ChatMessage[]) => messages.map((m) => m.id);

describe('message list merge (spec §2, §4)', () => {
  const m1 = buildMessage({ id: 'm1', created_at: at(1) });
  const m2 = buildMessage({ id: 'm2', created_at: at(2) });
  const m3 = buildMessage({ id: 'm3', created_at: at(3) });
  const m4 = buildMessage({ id: 'm4', created_at: at(4) });

  it('shows pages (newest first from the server) oldest first', () => {
    expect(ids(messagesOf(data(page([m4, m3], 1, 2), page([m2, m1], 2, 2))))).toEqual(['m1', 'm2', 'm3', 'm4']);
    expect(messagesOf(undefined)).toEqual([]);
  });

  it('shows each id once when pages overlap, preferring the edited copy', () => {
    const edited = { ...m2, message: 'fixed', is_edited: true };
    const merged = mergeMessages([[m3, edited], [m2, m1]]);
    expect(ids(merged)).toEqual(['m1', 'm2', 'm3']);
    expect(merged[1]).toMatchObject({ message: 'fixed', is_edited: true });
  });

  it('orders messages of the same second by id', () => {
    const a = buildMessage({ id: 'a', created_at: at(5) });
    const b = buildMessage({ id: 'b', created_at: at(5) });
    expect(ids(mergeMessages([[b, a]]))).toEqual(['a', 'b']);
  });

  it('adds a new message to page 1 and ignores an id already present', () => {
    const before = data(page([m2, m1]));
    const after = addMessage(before, m3)!;
    expect(ids(messagesOf(after))).toEqual(['m1', 'm2', 'm3']);
    expect(after.pages[0]!.pagination.total).toBe(3);
    expect(addMessage(after, { ...m3, message: 'again' })).toBe(after);
    // A message arriving before the first page has loaded waits for that load.
    expect(addMessage(undefined, m3)).toBeUndefined();
  });

  it('replaces an edited message wherever it is, and ignores edits of messages not loaded', () => {
    const before = data(page([m4, m3], 1, 2), page([m2, m1], 2, 2));
    const after = replaceMessage(before, { ...m1, message: 'edited', is_edited: true })!;
    expect(messagesOf(after)[0]).toMatchObject({ id: 'm1', message: 'edited', is_edited: true });
    expect(replaceMessage(before, buildMessage({ id: 'elsewhere' }))).toBe(before);
  });

  it('removes a deleted message from every page', () => {
    const before = data(page([m3, m2], 1, 2), page([m2, m1], 2, 2));
    const after = removeMessage(before, 'm2')!;
    expect(ids(messagesOf(after))).toEqual(['m1', 'm3']);
    expect(after.pages[0]!.pagination.total).toBe(1);
    expect(removeMessage(after, 'm2')).toBe(after);
  });
});
