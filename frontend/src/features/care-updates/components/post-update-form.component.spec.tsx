import type { Child } from '@carecircle/libs';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi, type SentRequest } from '../../../test-support/render-with-api';
import { PostUpdateForm } from './post-update-form';

// The Care Updates composer on Today, drawn without antd (issue 27): same labels, limit and messages as before.

const LOAD = { timeout: 30_000 };
const SAM = { id: 'c1', firstName: 'Sam' } as Child;
const posted = (request: SentRequest) => request.method === 'POST' && request.path === '/api/children/c1/updates';

afterEach(() => vi.unstubAllGlobals());

describe('PostUpdateForm', () => {
  it('counts the characters against the 2000 limit, which the text box keeps', async () => {
    const user = userEvent.setup();
    renderWithApi(<PostUpdateForm recipient={SAM} />);
    const text = screen.getByRole('textbox', { name: 'Post an update' }) as HTMLTextAreaElement;
    expect(text.maxLength).toBe(2000);
    expect(screen.getByText('0 / 2000')).toBeTruthy();
    await user.type(text, 'Slept well');
    expect(screen.getByText('10 / 2000')).toBeTruthy();
  });

  it('posts the trimmed text with Important; the form empties and the toast says everyone was notified', async () => {
    const user = userEvent.setup();
    const { sent } = renderWithApi(<PostUpdateForm recipient={SAM} />, (request) =>
      posted(request) ? { status: 201, body: { id: 'u1', childId: 'c1', text: 'Fever 38.5', important: true } } : undefined,
    );
    const text = screen.getByRole('textbox', { name: 'Post an update' }) as HTMLTextAreaElement;
    const important = screen.getByRole('checkbox', { name: 'Important (notify everyone)' }) as HTMLInputElement;
    await user.type(text, '  Fever 38.5 ');
    await user.click(important);
    expect(important.checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Post' }));

    const toast = await screen.findByRole('status', {}, LOAD);
    expect(toast.textContent).toContain('Update posted');
    expect(toast.textContent).toContain('Everyone caring for Sam was notified.');
    expect(sent.filter(posted).map((request) => request.body)).toEqual([{ text: 'Fever 38.5', imageUrl: null, important: true }]);
    expect(text.value).toBe('');
    expect(important.checked).toBe(false);
    expect(screen.getByText('0 / 2000')).toBeTruthy();
  });

  it('an empty or blank update is not sent: the message shows under the text box', async () => {
    const user = userEvent.setup();
    const { sent } = renderWithApi(<PostUpdateForm recipient={SAM} />);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(screen.getByRole('alert').textContent).toBe('Please write an update.');
    const text = screen.getByRole('textbox', { name: 'Post an update' });
    expect(text.getAttribute('aria-invalid')).toBe('true');
    await user.type(text, '   ');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(screen.getByRole('alert').textContent).toBe('Please write an update.');
    await user.type(text, 'ok');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent.filter(posted)).toEqual([]);
  });

  it('a refused post: the server’s message under the text and in a toast, and the draft is kept', async () => {
    const user = userEvent.setup();
    renderWithApi(<PostUpdateForm recipient={SAM} />, (request) =>
      posted(request)
        ? { status: 400, body: { message: 'Validation failed', errors: [{ field: 'text', message: 'An update can be at most 2000 characters.' }] } }
        : undefined,
    );
    const text = screen.getByRole('textbox', { name: 'Post an update' }) as HTMLTextAreaElement;
    const important = screen.getByRole('checkbox', { name: 'Important (notify everyone)' }) as HTMLInputElement;
    await user.type(text, 'Sam ate lunch');
    await user.click(important);
    await user.click(screen.getByRole('button', { name: 'Post' }));

    // Two alerts: the message under the text box, and the error toast saying why.
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(expect.arrayContaining([expect.stringContaining('Could not post the update')])), LOAD);
    const alerts = screen.getAllByRole('alert');
    const toast = alerts.find((alert) => alert.textContent?.includes('Could not post'));
    const field = alerts.find((alert) => alert !== toast);
    expect(field?.textContent).toBe('An update can be at most 2000 characters.');
    expect(toast?.textContent).toContain('An update can be at most 2000 characters.');
    expect(text.value).toBe('Sam ate lunch');
    expect(important.checked).toBe(true);
    expect((screen.getByRole('button', { name: 'Post' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
