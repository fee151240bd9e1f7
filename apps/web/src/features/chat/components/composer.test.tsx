import { COMPOSER_MAX_HEIGHT_PX } from '@linkup/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from '@/features/chat/components/composer';

const box = () => screen.getByPlaceholderText('Type a message...');
const sendButton = () => screen.getByRole('button', { name: 'Send' });

function setup(onSend: (text: string) => Promise<boolean> = vi.fn(async () => true)) {
  const onTyping = vi.fn();
  render(<Composer onSend={onSend} onTyping={onTyping} />);
  return { user: userEvent.setup(), onSend, onTyping };
}

describe('composer (spec §2)', () => {
  it("has the placeholder 'Type a message...' and a Send button disabled while the text is empty", async () => {
    const { user } = setup();
    expect(box()).toHaveAttribute('placeholder', 'Type a message...');
    expect(sendButton()).toBeDisabled();
    await user.type(box(), '   ');
    expect(sendButton()).toBeDisabled();
    await user.type(box(), 'hi');
    expect(sendButton()).toBeEnabled();
  });

  it("takes at most the contract's 2,000 characters and counts them near the limit", async () => {
    const { user } = setup();
    await user.click(box());
    await user.paste('a'.repeat(1700));
    expect(screen.queryByText(/\/2000$/)).toBeNull();
    await user.paste('b'.repeat(3300));
    expect(box()).toHaveValue(`${'a'.repeat(1700)}${'b'.repeat(300)}`);
    expect(screen.getByText('2000/2000')).toBeInTheDocument();
  });

  it('sends on Enter and clears the box; Shift+Enter adds a line', async () => {
    const { user, onSend } = setup();
    await user.type(box(), 'first line{Shift>}{Enter}{/Shift}second line');
    expect(box()).toHaveValue('first line\nsecond line');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('first line\nsecond line');
    await waitFor(() => expect(box()).toHaveValue(''));
  });

  it('sends with the Send button', async () => {
    const { user, onSend } = setup();
    await user.type(box(), 'hello');
    await user.click(sendButton());
    expect(onSend).toHaveBeenCalledWith('hello');
  });

  it('does not send an empty text on Enter', async () => {
    const { user, onSend } = setup();
    await user.type(box(), '  {Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('disables Send while a send is in progress, and sends once', async () => {
    let finish!: (ok: boolean) => void;
    const onSend = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const { user } = setup(onSend);
    await user.type(box(), 'one{Enter}');
    await user.type(box(), 'two');
    expect(sendButton()).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    finish(true);
    await waitFor(() => expect(sendButton()).toBeEnabled());
    expect(box()).toHaveValue('two');
  });

  it('puts the text back when the send fails', async () => {
    const { user } = setup(vi.fn(async () => false));
    await user.type(box(), 'did this go?{Enter}');
    await waitFor(() => expect(box()).toHaveValue('did this go?'));
    expect(sendButton()).toBeEnabled();
  });

  it('reports typing while there is text', async () => {
    const { user, onTyping } = setup();
    await user.type(box(), 'ab');
    expect(onTyping).toHaveBeenCalledTimes(2);
  });

  it('grows with its text up to 128 pixels', async () => {
    const { user } = setup();
    const textarea = box();
    Object.defineProperty(textarea, 'scrollHeight', { configurable: true, get: () => 300 });
    await user.type(textarea, 'long');
    expect(textarea.style.height).toBe(`${COMPOSER_MAX_HEIGHT_PX}px`);
    expect(textarea.style.overflowY).toBe('auto');
  });
});
