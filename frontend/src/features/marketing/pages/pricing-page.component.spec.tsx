import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { annualSavings, displayedPrice, MARKETING_PLANS } from '../plans';
import PricingPage from './pricing-page';

const plan = (id: string) => MARKETING_PLANS.find((candidate) => candidate.id === id)!;

describe('annual savings (spec section 9: twelve times the monthly price minus the annual price)', () => {
  it('Standard saves $38 ($19 x 12 - $190), Premium Family $78 ($39 x 12 - $390), Free nothing', () => {
    expect(annualSavings(plan('standard'))).toBe(12 * 19 - 190);
    expect(annualSavings(plan('standard'))).toBe(38);
    expect(annualSavings(plan('premium'))).toBe(78);
    expect(annualSavings(plan('free'))).toBe(0);
  });

  it('is two months of the monthly price on each paid plan (Save 2 months!)', () => {
    for (const paid of MARKETING_PLANS.filter((candidate) => candidate.annualPrice !== undefined)) {
      expect(annualSavings(paid)).toBe(2 * paid.monthlyPrice);
    }
  });

  it('prices: Free is $0 forever either way; paid plans per month or per year', () => {
    expect(displayedPrice(plan('free'), 'annual')).toEqual({ amount: '$0', period: 'forever' });
    expect(displayedPrice(plan('standard'), 'monthly')).toEqual({ amount: '$19', period: 'per month' });
    expect(displayedPrice(plan('premium'), 'annual')).toEqual({ amount: '$390', period: 'per year' });
  });
});

describe('PricingPage', () => {
  it('switches to annual: the label Save 2 months!, annual prices and each plan’s savings; and back', async () => {
    const user = userEvent.setup();
    render(<PricingPage />);
    const card = (name: string) => screen.getByRole('article', { name });
    expect(screen.queryByText('Save 2 months!')).toBeNull();
    expect(card('Standard').textContent).toContain('$19 per month');

    await user.click(screen.getByRole('button', { name: 'Annual' }));
    expect(screen.getByRole('button', { name: 'Annual' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Save 2 months!')).toBeTruthy();
    expect(card('Standard').textContent).toContain('$190 per year');
    expect(within(card('Standard')).getByText('You save $38 a year')).toBeTruthy();
    expect(within(card('Premium Family')).getByText('You save $78 a year')).toBeTruthy();
    expect(within(card('Free')).queryByText(/You save/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.queryByText('Save 2 months!')).toBeNull();
    expect(screen.queryByText(/You save/)).toBeNull();
  });

  it('has six questions and a last button to /api/login', () => {
    render(<PricingPage />);
    expect(within(screen.getByRole('region', { name: 'Frequently asked questions' })).getAllByText(/\?$/)).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'Get Started Free' }).getAttribute('href')).toBe('/api/login');
  });
});
