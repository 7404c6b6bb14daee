import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi, writes, type SentRequest } from '../../test-support/render-with-api';
import { ONBOARDING_MESSAGES } from './onboarding-draft';
import { OnboardingWizard } from './onboarding-wizard';

const LOAD = { timeout: 30_000 };
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The fake server: the recipient is created as c1; every other call succeeds. */
const server = ({ method, path, body }: SentRequest) =>
  method !== 'POST'
    ? undefined
    : path === '/api/children'
      ? { status: 201, body: { id: 'c1', ...(body as object) } }
      : path === '/api/caregiver-invitations'
        ? { status: 201, body: { id: 'i1', inviteeEmail: 'sam@example.com', acceptUrl: 'https://example.com/accept', emailSent: true } }
        : { status: 201, body: {} };

const next = () => screen.getByRole('button', { name: 'Next' });

afterEach(() => vi.unstubAllGlobals());

describe('OnboardingWizard (the onboarding draft)', () => {
  it('asks for the name and date of birth before going on', async () => {
    renderWithApi(<OnboardingWizard open today="2030-03-01" onClose={() => {}} />, server);
    await screen.findByRole('dialog', { name: 'Care Recipient Setup' }, LOAD);
    expect(next().hasAttribute('disabled')).toBe(true);
    fill('First Name', 'Theo');
    fill('Last Name', 'Chen');
    expect(next().hasAttribute('disabled')).toBe(true);
    fill('Date of Birth', '2019-05-04');
    expect(next().hasAttribute('disabled')).toBe(false);
  });

  it('Complete Setup sends what the draft holds, recipient first, and says it is done', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { sent } = renderWithApi(<OnboardingWizard open today="2030-03-01" onClose={onClose} />, server);
    await screen.findByRole('dialog', { name: 'Care Recipient Setup' }, LOAD);
    fill('First Name', ' Theo ');
    fill('Last Name', 'Chen');
    fill('Date of Birth', '2019-05-04');
    await user.click(next());

    await screen.findByRole('dialog', { name: 'Add Secondary Caregiver (Optional)' });
    fill('Name', 'Sam');
    fill('Email', 'sam@example.com');
    await user.click(next());
    await screen.findByRole('dialog', { name: 'Medication Setup' });
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await screen.findByRole('dialog', { name: 'Daily Tasks Setup' });
    await user.click(screen.getByRole('button', { name: '+ Sleep Schedule' }));
    await user.click(next());
    await screen.findByRole('dialog', { name: 'Emergency Contacts' });
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await screen.findByRole('dialog', { name: 'Welcome' });
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));

    expect(await screen.findByText('Theo has been added successfully!', {}, LOAD)).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const calls = writes(sent);
    expect(calls.map((call) => call.path)).toEqual(['/api/children', '/api/repeating-tasks', '/api/caregiver-invitations']);
    expect(calls[0].body).toEqual({ firstName: 'Theo', lastName: 'Chen', dateOfBirth: '2019-05-04', medicalConditions: null, notes: null });
    expect(calls[1].body).toMatchObject({ childId: 'c1', name: 'Sleep Schedule', category: 'daily_other', repeatStartDate: '2030-03-01', scheduledTimes: ['20:00'] });
    expect(calls[2].body).toEqual({ inviteeEmail: 'sam@example.com', inviteeName: 'Sam', canEdit: false, childIds: ['c1'] });
  });

  it('when the recipient cannot be saved, nothing else is sent and the caregiver is told', async () => {
    const user = userEvent.setup();
    const { sent } = renderWithApi(<OnboardingWizard open today="2030-03-01" onClose={() => {}} />, ({ method }) =>
      method === 'POST' ? { status: 400, body: { statusCode: 400, message: 'Date of birth must not be in the future.' } } : undefined,
    );
    await screen.findByRole('dialog', { name: 'Care Recipient Setup' }, LOAD);
    fill('First Name', 'Theo');
    fill('Last Name', 'Chen');
    fill('Date of Birth', '2019-05-04');
    for (let step = 1; step < 6; step++) await user.click(screen.getByRole('button', { name: 'Skip' }));
    await user.click(await screen.findByRole('button', { name: 'Complete Setup' }));
    expect((await screen.findByRole('alert', {}, LOAD)).textContent).toContain(ONBOARDING_MESSAGES.saveFailed);
    expect(writes(sent).map((call) => call.path)).toEqual(['/api/children']);
  });
});
