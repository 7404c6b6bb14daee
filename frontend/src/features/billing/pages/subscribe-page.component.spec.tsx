import { BILLING_MESSAGES, type BillingOverview } from '@carecircle/libs';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi, writes, type FakeAnswer, type SentRequest } from '../../../test-support/render-with-api';
import SubscribePage from './subscribe-page';

const LOAD = { timeout: 30_000 };
const CONFIGURED: BillingOverview = { configured: true, publishableKey: 'pk_test', subscription: null };

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

/** The Subscribe page with two recipients, Start 7-Day Free Trial answered by `create`. */
async function startTrial(create: FakeAnswer) {
  const user = userEvent.setup();
  const answer = (request: SentRequest): FakeAnswer | undefined =>
    request.path === '/api/billing' ? { body: CONFIGURED } : request.path === '/api/create-subscription' ? create : undefined;
  const view = renderWithApi(
    <>
      <SubscribePage recipients={2} />
      <Address />
    </>,
    answer,
    { at: '/subscribe' },
  );
  await user.click(await screen.findByRole('button', { name: 'Start 7-Day Free Trial' }, LOAD));
  return view;
}

afterEach(() => vi.unstubAllGlobals());

describe('SubscribePage: Start 7-Day Free Trial (spec document 1, Subscribe)', () => {
  it('sends {plan: per_child, childCount: 2}; refused, the spec’s "Subscription Failed" toast and the plans stay', async () => {
    const { sent } = await startTrial({ status: 502, body: { statusCode: 502, message: BILLING_MESSAGES.stripeFailed } });
    await screen.findByText(BILLING_MESSAGES.subscriptionFailed, {}, LOAD);
    expect(screen.getByText('Subscription Failed')).toBeTruthy();
    expect(writes(sent)).toEqual([{ method: 'POST', path: '/api/create-subscription', body: { plan: 'per_child', childCount: 2 } }]);
    expect(screen.getByRole('heading', { name: 'Choose Your Plan' })).toBeTruthy();
  });

  it('signed out meanwhile (401): goes to /login, back to /subscribe after it', async () => {
    await startTrial({ status: 401, body: { statusCode: 401, message: 'Unauthorized' } });
    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe('/login?next=%2Fsubscribe'), LOAD);
    expect(screen.queryByText('Subscription Failed')).toBeNull();
  });
});
