import { BILLING_MESSAGES, DEFAULT_BILLING_PLAN, PLAN_DETAILS, TRIAL_DAYS, billedQuantity, type BillingPlan } from '@carecircle/libs';
import { Alert, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isSessionExpired } from '../../../shared/api/api-error';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { LoadError } from '../../../shared/ui/load-error';
import { PageSkeleton } from '../../../shared/ui/page-skeleton';
import { toast } from '../../../shared/ui/toast';
import { useCreateSubscriptionMutation, useGetBillingQuery } from '../api';
import { PlanCards } from '../components/plan-cards';
import '../components/billing.css';

const PaymentStep = lazy(() => import('../components/payment-step'));

/**
 * /subscribe (spec sections 2 and 7): already active, You're All Set! with the plan and its monthly
 * price; otherwise Choose Your Plan (per_child by default), the Selected Plan total and Start 7-Day
 * Free Trial, then Stripe's Payment Element with Complete Subscription and Back to Plans. Without
 * STRIPE_* the page says billing is not configured and loads no Stripe.js.
 */
export default function SubscribePage({ recipients }: { recipients: number }) {
  useDocumentTitle('Subscribe');
  const navigate = useNavigate();
  const { data: billing, isLoading, isError, refetch } = useGetBillingQuery();
  const [createSubscription, creating] = useCreateSubscriptionMutation();
  const [plan, setPlan] = useState<BillingPlan>(DEFAULT_BILLING_PLAN);
  const [clientSecret, setClientSecret] = useState<string | null>(null);

  if (isLoading) return <PageSkeleton />;
  if (isError || !billing) return <LoadError title="Could not load your billing." onRetry={() => refetch()} />;

  const active = billing.subscription?.active ? billing.subscription : null;
  if (active) {
    return (
      <div className="page subscribe-page">
        <h1 className="page__title">You&apos;re All Set!</h1>
        <p>
          Your plan: <strong>{PLAN_DETAILS[active.plan].name}</strong>, ${active.monthlyTotal} per month.
        </p>
        <Button type="primary" onClick={() => navigate('/')}>
          Go to Dashboard
        </Button>
      </div>
    );
  }

  const start = async () => {
    try {
      const { clientSecret: secret } = await createSubscription({ plan, childCount: billedQuantity(plan, recipients) }).unwrap();
      setClientSecret(secret);
      toast({ title: 'Subscription Created', description: BILLING_MESSAGES.subscriptionCreated, variant: 'success' });
    } catch (error) {
      if (isSessionExpired(error)) {
        navigate('/login?next=%2Fsubscribe');
        return;
      }
      toast({ title: 'Subscription Failed', description: BILLING_MESSAGES.subscriptionFailed, variant: 'destructive' });
    }
  };

  return (
    <div className="page subscribe-page">
      <h1 className="page__title">Choose Your Plan</h1>
      <p className="muted">Every plan starts with a {TRIAL_DAYS}-day free trial: no charge until it ends, cancel any time.</p>
      {!billing.configured && <Alert type="info" showIcon title={BILLING_MESSAGES.notConfigured} description="Plans can be chosen, but no subscription can start on this server." />}
      {clientSecret && billing.publishableKey ? (
        <Suspense fallback={<PageSkeleton />}>
          <PaymentStep publishableKey={billing.publishableKey} clientSecret={clientSecret} onBack={() => setClientSecret(null)} />
        </Suspense>
      ) : (
        <>
          <PlanCards selected={plan} onSelect={setPlan} recipients={recipients} />
          <div className="subscribe-actions">
            <Button type="primary" size="large" onClick={start} loading={creating.isLoading} disabled={!billing.configured || !billing.publishableKey}>
              Start {TRIAL_DAYS}-Day Free Trial
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
