import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dismissToast, toast, ToastHost } from './toast';

const LOAD = { timeout: 30_000 };

describe('toast', () => {
  it('shows a toast asked for before its code loaded, then takes it away by its key', async () => {
    render(<ToastHost theme={{}} />);
    let shown = false;
    act(() => void toast({ title: 'Task added', description: 'Give medicine at 08:00', key: 'added' }).then(() => (shown = true)));
    expect((await screen.findByRole('status', {}, LOAD)).textContent).toContain('Give medicine at 08:00');
    await waitFor(() => expect(shown).toBe(true));

    act(() => dismissToast('added'));
    await waitFor(() => expect(screen.queryByText('Task added')).toBeNull(), LOAD);
  });

  it('says a failure as an alert', async () => {
    render(<ToastHost theme={{}} />);
    act(() => void toast({ title: 'Could not save', variant: 'destructive' }));
    expect((await screen.findByRole('alert', {}, LOAD)).textContent).toContain('Could not save');
  });
});
