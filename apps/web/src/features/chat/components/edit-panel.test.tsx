import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EditPanel } from '@/features/chat/components/edit-panel';

function setup(onSave = vi.fn(async () => true)) {
  const onCancel = vi.fn();
  render(<EditPanel initialText="Helo" onSave={onSave} onCancel={onCancel} />);
  return { user: userEvent.setup(), onSave, onCancel, box: screen.getByRole('textbox', { name: 'Edited message' }) };
}

describe("edit panel 'Editing message' (spec §2)", () => {
  it('shows the title, the text, Cancel and Save, with the text focused', () => {
    const { box } = setup();
    expect(screen.getByText('Editing message')).toBeInTheDocument();
    expect(box).toHaveValue('Helo');
    expect(box).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it("takes at most the contract's 2,000 characters and counts them near the limit (issue #17 item 5)", async () => {
    const { user, box } = setup();
    await user.paste('a'.repeat(1700));
    expect(screen.queryByText(/\/2000$/)).toBeNull();
    await user.paste('b'.repeat(3300));
    expect(box).toHaveValue(`Helo${'a'.repeat(1700)}${'b'.repeat(296)}`);
    expect(screen.getByText('2000/2000')).toBeInTheDocument();
  });

  it('saves on Ctrl+Enter with the trimmed text', async () => {
    const { user, onSave, box } = setup();
    await user.clear(box);
    await user.type(box, ' Hello ');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSave).toHaveBeenCalledWith('Hello');
  });

  it('adds a line on a plain Enter', async () => {
    const { user, onSave, box } = setup();
    await user.type(box, '{Enter}there');
    expect(box).toHaveValue('Helo\nthere');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('cancels on Esc and with Cancel', async () => {
    const { user, onCancel } = setup();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('blocks Save while the trimmed text is empty', async () => {
    const { user, onSave, box } = setup();
    await user.clear(box);
    await user.type(box, '   ');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('stays open with the text when saving fails', async () => {
    const { user, box } = setup(vi.fn(async () => false));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(box).toHaveValue('Helo');
  });
});
