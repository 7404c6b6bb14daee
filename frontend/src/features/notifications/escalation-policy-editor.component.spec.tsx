import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EscalationPolicy } from '@carecircle/libs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi, writes } from '../../test-support/render-with-api';
import { EscalationPolicyEditor } from './escalation-policy-editor';

const LOAD = { timeout: 30_000 };
const stored: EscalationPolicy = {
  steps: [
    { afterMinutes: 0, notify: 'primary', channels: ['push', 'in_app'] },
    { afterMinutes: 15, notify: 'secondary_caregivers', channels: ['push', 'email', 'in_app'] },
  ],
};

/** The fake server: GET answers the stored policy; PUT answers what it was sent. */
const server = ({ method, body }: { method: string; body: unknown }) => (method === 'PUT' ? { body } : { body: stored });

const minutesOf = (step: number) => within(screen.getByRole('group', { name: `Step ${step}` })).getByLabelText('Minutes after the task’s time');

afterEach(() => vi.unstubAllGlobals());

describe('EscalationPolicyEditor', () => {
  it('saves the steps as edited, only once something changed', async () => {
    const user = userEvent.setup();
    const { sent } = renderWithApi(<EscalationPolicyEditor readOnly={false} />, server);
    await screen.findByRole('group', { name: 'Step 2' }, LOAD);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(minutesOf(2), { target: { value: '30' } });
    await user.click(screen.getByRole('button', { name: /Add step/ }));
    // A new step comes 15 minutes after the last, for the secondary caregivers.
    expect((minutesOf(3) as HTMLInputElement).value).toBe('45');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Escalation policy saved', {}, LOAD)).toBeTruthy();
    expect(writes(sent)).toEqual([
      {
        method: 'PUT',
        path: '/api/user/escalation-policy',
        body: {
          steps: [
            { afterMinutes: 0, notify: 'primary', channels: ['push', 'in_app'] },
            { afterMinutes: 30, notify: 'secondary_caregivers', channels: ['push', 'email', 'in_app'] },
            { afterMinutes: 45, notify: 'secondary_caregivers', channels: ['push', 'in_app'] },
          ],
        },
      },
    ]);
  });

  it('says which step is wrong and will not save it', async () => {
    const { sent } = renderWithApi(<EscalationPolicyEditor readOnly={false} />, server);
    await screen.findByRole('group', { name: 'Step 2' }, LOAD);
    fireEvent.change(minutesOf(2), { target: { value: '0' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Step 2: it must come later than the step before it.');
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(writes(sent)).toEqual([]);
  });

  it('emergency contacts are reached by email only', async () => {
    renderWithApi(<EscalationPolicyEditor readOnly={false} />, server);
    const step = await screen.findByRole('group', { name: 'Step 2' }, LOAD);
    fireEvent.change(within(step).getByLabelText('Who'), { target: { value: 'emergency_contacts' } });
    expect(await within(step).findByText('Emergency contacts have no account: they are reached by email.')).toBeTruthy();
    const how = within(step).getByRole('group', { name: 'Step 2: how' });
    const checked = within(how)
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => box.closest('label')?.textContent);
    expect(checked).toEqual(['Email']);
  });

  it("a secondary caregiver reads the family's policy and cannot change it", async () => {
    renderWithApi(<EscalationPolicyEditor readOnly />, server);
    expect(await screen.findByText('Your primary caregiver sets this policy.', {}, LOAD)).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'At the task’s time: Primary caregiver by push, in-app',
      'After 15 minutes: Secondary caregivers by push, email, in-app',
    ]);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('a refused save says why and keeps the draft', async () => {
    const user = userEvent.setup();
    renderWithApi(<EscalationPolicyEditor readOnly={false} />, ({ method }) =>
      method === 'PUT' ? { status: 400, body: { statusCode: 400, message: 'A policy has at most 5 steps.' } } : { body: stored },
    );
    await screen.findByRole('group', { name: 'Step 2' }, LOAD);
    fireEvent.change(minutesOf(2), { target: { value: '20' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A policy has at most 5 steps.', {}, LOAD)).toBeTruthy();
    await waitFor(() => expect((minutesOf(2) as HTMLInputElement).value).toBe('20'));
  });
});
