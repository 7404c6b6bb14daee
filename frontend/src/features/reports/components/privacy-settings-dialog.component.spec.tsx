import type { CareTeamCaregiver, Child, User } from '@carecircle/libs';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../../../test-support/render-with-api';
import { PrivacySettingsDialog } from './privacy-settings-dialog';

const user = { id: 'olivia', role: 'parent' } as User;
const child = (id: string, name: string, primaryCaregiverId: string, canEdit: boolean): Child =>
  ({ id, name, firstName: name.split(' ')[0], lastName: name.split(' ')[1], primaryCaregiverId, canEdit }) as Child;
const maya = child('maya', 'Maya Lopez', 'olivia', true);
const leo = child('leo', 'Leo Lopez', 'olivia', true);
const nana = child('nana', 'Nana Park', 'sam', false);
const caregivers: CareTeamCaregiver[] = [
  { userId: 'eddie', name: 'Eddie Editor', email: 'eddie@example.test', children: [{ childId: 'maya', name: 'Maya Lopez', canEdit: true }] },
  { userId: 'vera', name: 'Vera Viewer', email: 'vera@example.test', children: [{ childId: 'maya', name: 'Maya Lopez', canEdit: false }] },
];

describe('PrivacySettingsDialog', () => {
  it("lists who sees each of the user's recipients and how; someone shared with nobody is seen by the user only", () => {
    renderWithApi(<PrivacySettingsDialog user={user} recipients={[maya, leo]} caregivers={caregivers} onClose={() => undefined} />, () => ({ body: [] }));
    const dialog = screen.getByRole('dialog', { name: 'Privacy Settings' });
    const mayaItem = within(dialog).getByRole('listitem', { name: 'Maya Lopez' });
    expect(mayaItem.textContent).toContain('Eddie Editor (eddie@example.test) Can view and edit');
    expect(mayaItem.textContent).toContain('Vera Viewer (vera@example.test) Can view');
    expect(within(dialog).getByRole('listitem', { name: 'Leo Lopez' }).textContent).toContain('Only you can see Leo.');
    expect(within(dialog).queryByRole('heading', { name: 'Shared with you' })).toBeNull();
  });

  it('shows a shared caregiver their own access to what is shared with them, and nobody else who sees it', () => {
    renderWithApi(<PrivacySettingsDialog user={user} recipients={[nana]} caregivers={undefined} onClose={() => undefined} />, () => ({ body: [] }));
    const dialog = screen.getByRole('dialog', { name: 'Privacy Settings' });
    expect(within(dialog).getByRole('heading', { name: 'Shared with you' })).toBeTruthy();
    expect(within(dialog).getByRole('listitem', { name: 'Nana Park' }).textContent).toContain('You can view');
    expect(within(dialog).queryByRole('heading', { name: 'People you care for' })).toBeNull();
  });

  it('says nothing is shared when there is no one', () => {
    renderWithApi(<PrivacySettingsDialog user={user} recipients={[]} caregivers={[]} onClose={() => undefined} />, () => ({ body: [] }));
    expect(screen.getByText(/Nothing is shared\./)).toBeTruthy();
  });
});
