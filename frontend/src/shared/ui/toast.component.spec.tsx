import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, TOAST_DURATION_SECONDS } from './toast';
import { ToastHost } from './toast-host';

afterEach(() => vi.useRealTimers());

const messages = () => screen.getByRole('region', { name: 'Messages' });

describe('toast', () => {
  it('shows a toast asked for before the host was there, resolves once shown, and takes it away by its key', async () => {
    let shown = false;
    void toast({ title: 'Task added', description: 'Give medicine at 08:00', key: 'added' }).then(() => (shown = true));
    render(<ToastHost />);
    const status = screen.getByRole('status');
    expect(messages().contains(status)).toBe(true);
    expect(status.textContent).toContain('Task added');
    expect(status.textContent).toContain('Give medicine at 08:00');
    await waitFor(() => expect(shown).toBe(true));

    act(() => dismissToast('added'));
    expect(screen.queryByText('Task added')).toBeNull();
  });

  it('says a failure as an alert, and shows one toast at a time, the newest', () => {
    render(<ToastHost />);
    act(() => void toast({ title: 'Saved', variant: 'success' }));
    act(() => void toast({ title: 'Could not save', variant: 'destructive' }));
    expect(screen.getByRole('alert').textContent).toContain('Could not save');
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('runs its action once and closes; the labelled close button and Escape close it too', async () => {
    const user = userEvent.setup();
    const undo = vi.fn();
    render(<ToastHost />);
    act(() => void toast({ title: 'Task Completed', action: { label: 'Undo', onClick: undo } }));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).toBeNull();

    act(() => void toast({ title: 'Profile updated' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Profile updated')).toBeNull();

    act(() => void toast({ title: 'Settings saved', action: { label: 'Undo', onClick: undo } }));
    screen.getByRole('button', { name: 'Undo' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Settings saved')).toBeNull();
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('leaves after its time, which waits while the pointer is on it; 0 keeps it until closed', () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    act(() => void toast({ title: 'Task Completed', key: 'done' }));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_SECONDS * 1000 - 100));
    fireEvent.pointerEnter(screen.getByRole('status'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Task Completed')).toBeTruthy();
    fireEvent.pointerLeave(screen.getByRole('status'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_SECONDS * 1000));
    expect(screen.queryByText('Task Completed')).toBeNull();

    act(() => void toast({ title: 'Could not send', variant: 'destructive', duration: 0 }));
    act(() => vi.advanceTimersByTime(600_000));
    expect(screen.getByRole('alert').textContent).toContain('Could not send');
  });
});
