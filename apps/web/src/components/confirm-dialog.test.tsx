import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DialogHost } from '@/components/dialog-host';
import { alertDialog, confirmDialog, openDialog, useDialogStore } from '@/lib/dialogs';

afterEach(() => useDialogStore.setState({ queue: [] }));

function renderHost() {
  return render(<DialogHost />);
}

describe('the confirm dialog (spec §9 defaults, destructive actions named)', () => {
  it('asks with OK in blue and Cancel in red by default (spec §9), and resolves with the choice', async () => {
    renderHost();
    let answer: Promise<string> = Promise.resolve('');
    act(() => {
      answer = openDialog({ title: 'Sign out of all other devices?', text: 'You stay signed in here.' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all other devices?' });
    expect(dialog).toHaveTextContent('You stay signed in here.');
    const ok = screen.getByRole('button', { name: 'OK' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(ok).toHaveStyle({ backgroundColor: '#2778c4' });
    expect(cancel).toHaveStyle({ backgroundColor: '#d33' });
    await userEvent.click(ok);
    await expect(answer).resolves.toBe('confirm');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('resolves false on Cancel and on Escape', async () => {
    renderHost();
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirmDialog('Reset your preferences?', undefined, { confirmLabel: 'Reset' });
    });
    // Issue 32: a question's button names its action, not 'OK'.
    expect(await screen.findByRole('button', { name: 'Reset' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'OK' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);

    act(() => {
      answer = confirmDialog('Reset your preferences?', undefined, { confirmLabel: 'Reset' });
    });
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
  });

  it('names a destructive action on its button, with a neutral Cancel that has the focus', async () => {
    renderHost();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmDialog('Block Ann?', 'They will not see you again.', { destructive: true, confirmLabel: 'Block' });
    });
    const block = await screen.findByRole('button', { name: 'Block' });
    expect(screen.queryByRole('button', { name: 'OK' })).not.toBeInTheDocument();
    expect(block).toHaveClass('confirm-dialog-button--danger');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveClass('confirm-dialog-button--neutral');
    await waitFor(() => expect(cancel).toHaveFocus());
    await userEvent.click(block);
    await expect(answer).resolves.toBe(true);
  });

  it('offers the grey No when asked, and shows questions one after another', async () => {
    renderHost();
    let first: Promise<string> = Promise.resolve('');
    let second: Promise<string> = Promise.resolve('');
    act(() => {
      first = openDialog({ title: 'Save changes?', denyLabel: '' });
      second = openDialog({ title: 'Second question' });
    });
    await screen.findByRole('dialog', { name: 'Save changes?' });
    expect(screen.getByRole('button', { name: 'No' })).toHaveStyle({ backgroundColor: '#646e78' });
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    await expect(first).resolves.toBe('deny');
    await screen.findByRole('dialog', { name: 'Second question' });
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(second).resolves.toBe('confirm');
  });

  it('a notice has only OK', async () => {
    renderHost();
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = alertDialog('Feature Currently being updated');
    });
    await screen.findByRole('dialog', { name: 'Feature Currently being updated' });
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(done).resolves.toBeUndefined();
  });
});
