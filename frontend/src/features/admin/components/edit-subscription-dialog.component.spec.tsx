import type { AdminUser } from '@carecircle/libs';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi, writes } from '../../../test-support/render-with-api';
import { EditSubscriptionDialog } from './edit-subscription-dialog';

const LOAD = { timeout: 30_000 };
const NOOR: AdminUser = {
  id: '6f1c2d3e-0000-4000-8000-000000000001',
  email: 'noor@example.test',
  firstName: 'Noor',
  lastName: 'Haddad',
  role: 'parent',
  subscriptionPlan: null,
  subscriptionActive: false,
  createdAt: '2026-11-01T10:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('EditSubscriptionDialog (admin, spec document 1)', () => {
  it('saves {plan, active} for the user, says "User subscription updated successfully." and closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { sent } = renderWithApi(<EditSubscriptionDialog user={NOOR} onClose={onClose} />, () => ({ status: 200 }));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    expect(dialog.textContent).toContain('Noor Haddad');
    expect(dialog.textContent).toContain('noor@example.test');
    await user.selectOptions(screen.getByLabelText('Plan'), 'Family Plan');
    await user.selectOptions(screen.getByLabelText('Status'), 'Active');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('User subscription updated successfully.', {}, LOAD);
    expect(screen.getByText('Success')).toBeTruthy();
    expect(writes(sent)).toEqual([{ method: 'PUT', path: `/api/admin/users/${NOOR.id}/subscription`, body: { plan: 'family_plan', active: true } }]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('refused by the server: "Error: Failed to update user subscription." and the dialog stays open', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithApi(<EditSubscriptionDialog user={NOOR} onClose={onClose} />, () => ({ status: 500, body: { statusCode: 500, message: 'Internal server error' } }));
    await screen.findByRole('dialog', {}, LOAD);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Failed to update user subscription.', {}, LOAD);
    expect(screen.getByText('Error')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
