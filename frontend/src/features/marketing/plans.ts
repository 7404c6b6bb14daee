/** Plans on the marketing pages (spec document 1, section 9). Monthly prices; annual ones arrive with /pricing. */
export interface MarketingPlan {
  id: 'free' | 'standard' | 'premium';
  name: string;
  price: string;
  period: string;
  annualPrice?: number;
  bestValue?: boolean;
  features: string[];
  limits?: string[];
}

export const MARKETING_PLANS: MarketingPlan[] = [
  {
    id: 'free',
    name: 'Free',
    price: '$0',
    period: 'forever',
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
    price: '$19',
    period: 'per month',
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
    price: '$39',
    period: 'per month',
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
