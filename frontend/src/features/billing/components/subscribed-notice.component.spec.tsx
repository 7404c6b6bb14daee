import { BILLING_MESSAGES, type BillingOverview } from '@carecircle/libs';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApi } from '../../../test-support/render-with-api';
import { StripeReturn } from './stripe-return';
import SubscribedNotice from './subscribed-notice';

const LOAD = { timeout: 30_000 };
const NONE: BillingOverview = { configured: true, publishableKey: 'pk_test', subscription: null };
const overview = (plan: 'per_child' | 'family_plan', status: 'trialing' | 'active'): BillingOverview => ({
  configured: true,
  publishableKey: 'pk_test',
  subscription: { plan, status, active: true, quantity: 1, monthlyTotal: plan === 'per_child' ? 20 : 100, trialEnd: null, currentPeriodEnd: null },
});

/** The router's address, shown so a test can read it. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

const toastWith = (text: string) => screen.findByText(text, {}, LOAD);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A clock that runs on its own (so Testing Library's waits work) and can be moved ahead past every poll that would be due. */
const steerableClock = () => vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
/** The number of requests `sent` holds once the clock has moved well past the next ten polls. */
async function requestsAfterTenPolls(sent: unknown[], pollMs: number): Promise<number> {
  await vi.advanceTimersByTimeAsync(pollMs * 10);
  return sent.length;
}

describe('back from Stripe on /?subscribed=true', () => {
  it('already active: says so in plain words, and the flag leaves the address (other parameters stay)', async () => {
    const { sent } = renderWithApi(
      <>
        <StripeReturn />
        <Address />
      </>,
      (request) => (request.path === '/api/billing' ? { body: overview('per_child', 'trialing') } : undefined),
      { at: '/?subscribed=true&date=2026-11-30' },
    );
    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe('/?date=2026-11-30'));
    await toastWith('Subscription Active');
    await toastWith(BILLING_MESSAGES.active('Per Child Plan', true));
    expect(BILLING_MESSAGES.active('Per Child Plan', true)).toBe('Your Per Child Plan is active. Your 7-day free trial has started: nothing is charged until it ends.');
    expect(sent.filter((request) => request.path === '/api/billing')).toHaveLength(1);
  });

  it('not active yet: "being activated", then "active" once Stripe’s webhook made it so', async () => {
    steerableClock();
    let answer = NONE;
    const { sent } = renderWithApi(<SubscribedNotice pollMs={50} waitMs={60_000} />, (request) => (request.path === '/api/billing' ? { body: answer } : undefined));
    await toastWith('Activating Your Subscription');
    await toastWith(BILLING_MESSAGES.activating);
    await waitFor(() => expect(sent.filter((request) => request.path === '/api/billing').length).toBeGreaterThanOrEqual(2), LOAD);
    answer = overview('family_plan', 'active');
    await toastWith('Subscription Active');
    await toastWith('Your Family Plan is active.');
    // Once active it stops asking.
    const asked = sent.length;
    expect(await requestsAfterTenPolls(sent, 50)).toBe(asked);
  });

  it('still not active when the wait is over: says it is still being activated, and stops asking', async () => {
    steerableClock();
    const { sent } = renderWithApi(<SubscribedNotice pollMs={50} waitMs={300} />, () => ({ body: NONE }));
    await toastWith(BILLING_MESSAGES.stillActivating);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    const asked = sent.length;
    expect(await requestsAfterTenPolls(sent, 50)).toBe(asked);
  });
});
