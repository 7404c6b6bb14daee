import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../../shared/ui/toast-host';
import { ContactForm } from './contact-form';

const LOAD = { timeout: 30_000 };

afterEach(() => vi.unstubAllGlobals());

describe('ContactForm', () => {
  it('sent: the spec’s toast, an empty form, and no call to any server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    render(
      <>
        <ToastHost />
        <ContactForm />
      </>,
    );
    const fields = ['Name', 'Email', 'Subject', 'Message'].map((label) => screen.getByLabelText(label) as HTMLInputElement);
    for (const field of fields) expect(field.required).toBe(true);
    expect(fields[1].type).toBe('email');
    expect(fields[3].placeholder).toBe('Tell us how we can help you...');

    await user.type(fields[0], 'Amira Haddad');
    await user.type(fields[1], 'amira@example.test');
    await user.type(fields[2], 'Evening doses');
    await user.type(fields[3], 'Can two of us tick the same dose?');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const toast = await screen.findByRole('status', {}, LOAD);
    expect(toast.textContent).toContain('Message Sent!');
    expect(toast.textContent).toContain("Thank you for contacting us. We'll get back to you within 24 hours.");
    for (const field of fields) expect(field.value).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('missing a field: the browser keeps the form, no toast', async () => {
    const user = userEvent.setup();
    render(
      <>
        <ToastHost />
        <ContactForm />
      </>,
    );
    await user.type(screen.getByLabelText('Name'), 'Amira Haddad');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Amira Haddad');
    expect(screen.queryByText('Message Sent!')).toBeNull();
  });
});
