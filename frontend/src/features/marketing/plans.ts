/** Plans on the marketing pages (spec document 1, section 9): the landing page and /pricing. */
export interface MarketingPlan {
  id: 'free' | 'standard' | 'premium';
  name: string;
  /** Dollars per month; 0 for Free, which is free forever. */
  monthlyPrice: number;
  /** Dollars per year; the paid plans only. */
  annualPrice?: number;
  bestValue?: boolean;
  features: string[];
  limits?: string[];
}

export const MARKETING_PLANS: MarketingPlan[] = [
  {
    id: 'free',
    name: 'Free',
    monthlyPrice: 0,
    features: [
      '1 child profile',
      'Basic task management',
      'Emergency contact storage',
      'Community group access',
      'Email support',
    ],
    limits: ['5 tasks per day', 'Basic notifications only'],
  },
  {
    id: 'standard',
    name: 'Standard',
    monthlyPrice: 19,
    annualPrice: 190,
    bestValue: true,
    features: [
      'Up to 3 children',
      'Full care management',
      'Calendar integration',
      'Advanced notifications',
      'Condition group access',
      'Priority email support',
      'Task templates',
      'Family caregiver access',
    ],
  },
  {
    id: 'premium',
    name: 'Premium Family',
    monthlyPrice: 39,
    annualPrice: 390,
    features: [
      'Unlimited children',
      'All Standard features',
      'Advanced reporting',
      'Priority phone support',
      'Custom integrations',
      'Advanced security',
      'Family dashboard',
      'Dedicated account manager',
    ],
  },
];

export type Billing = 'monthly' | 'annual';

/** What a year costs paid annually rather than monthly: twelve times the monthly price minus the annual price (spec). */
export function annualSavings(plan: MarketingPlan): number {
  return plan.annualPrice === undefined ? 0 : 12 * plan.monthlyPrice - plan.annualPrice;
}

/** The price a plan card shows, and what it is per: Free is $0 forever whatever the billing. */
export function displayedPrice(plan: MarketingPlan, billing: Billing): { amount: string; period: string } {
  if (plan.annualPrice === undefined) return { amount: dollars(plan.monthlyPrice), period: 'forever' };
  return billing === 'annual' ? { amount: dollars(plan.annualPrice), period: 'per year' } : { amount: dollars(plan.monthlyPrice), period: 'per month' };
}

export const dollars = (amount: number) => `$${amount}`;
