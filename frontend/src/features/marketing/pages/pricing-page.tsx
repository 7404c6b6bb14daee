import { useState } from 'react';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { FaqList, type Faq } from '../components/faq-list';
import { PageIntro } from '../components/page-intro';
import { PageSection, SignUpCallToAction } from '../components/page-section';
import { PlanCard } from '../components/plan-card';
import { annualSavings, dollars, MARKETING_PLANS, type Billing } from '../plans';
import '../marketing.css';

const paidPlans = MARKETING_PLANS.filter((plan) => plan.annualPrice !== undefined);

const FAQS: Faq[] = [
  {
    question: 'How does the free trial work?',
    answer: 'The paid plans start with a 7-day free trial. Nothing is charged until it ends, and you can cancel at any time.',
  },
  {
    question: 'What do I save by paying annually?',
    answer: `A year paid annually costs ten months of the monthly price: you save ${paidPlans.map((plan) => `${dollars(annualSavings(plan))} on ${plan.name}`).join(' and ')}.`,
  },
  {
    question: 'What happens to my data if I cancel?',
    answer: 'It stays accessible for 30 days after you cancel. You can export it, or delete your account and its data, at any time.',
  },
  {
    question: 'Who can see my family’s information?',
    answer: 'Only you and the caregivers you share a person with, and each of them sees only the people shared with them. We do not sell data or show advertising.',
  },
  {
    question: 'How quickly does support answer?',
    answer: 'Within 24 hours, and within 4 hours for the priority support of the paid plans.',
  },
  {
    question: 'Is CareCircle a medical record?',
    answer: 'No. CareCircle helps a family coordinate daily care; it does not give medical advice. Follow your care team’s instructions.',
  },
];

/** Monthly or annual prices: two buttons, the one pressed is the billing shown. */
function BillingToggle({ billing, onChange }: { billing: Billing; onChange: (billing: Billing) => void }) {
  const option = (value: Billing, label: string) => (
    <button type="button" className="billing-toggle__option" aria-pressed={billing === value} onClick={() => onChange(value)}>
      {label}
    </button>
  );
  return (
    <div className="billing-toggle">
      <div className="billing-toggle__options" role="group" aria-label="Billing period">
        {option('monthly', 'Monthly')}
        {option('annual', 'Annual')}
      </div>
      <p className="billing-toggle__save" aria-live="polite">
        {billing === 'annual' && 'Save 2 months!'}
      </p>
    </div>
  );
}

/** /pricing: the three plans, monthly or annual, and the questions families ask first. */
export default function PricingPage() {
  useDocumentTitle('Pricing');
  const [billing, setBilling] = useState<Billing>('monthly');
  return (
    <div className="landing">
      <PageIntro title="Simple plans for every family">
        Start free. The paid plans begin with a 7-day free trial, and you can cancel any time.
      </PageIntro>
      <PageSection id="plans" title="Choose your plan">
        <BillingToggle billing={billing} onChange={setBilling} />
        <div className="plan-grid">
          {MARKETING_PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} billing={billing}>
              {billing === 'annual' && annualSavings(plan) > 0 && (
                <p className="plan-card__savings">You save {dollars(annualSavings(plan))} a year</p>
              )}
            </PlanCard>
          ))}
        </div>
      </PageSection>
      <PageSection id="faq" title="Frequently asked questions">
        <FaqList faqs={FAQS} />
      </PageSection>
      <SignUpCallToAction />
    </div>
  );
}
