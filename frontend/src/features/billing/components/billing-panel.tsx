import { RightOutlined } from '@ant-design/icons';
import { BILLING_MESSAGES, PLAN_DETAILS, type BillingPlan } from '@carecircle/libs';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { serverMessage } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { useChangePlanMutation, useGetBillingQuery, useOpenBillingPortalMutation } from '../api';
import { PlanCards } from './plan-cards';
import './billing.css';

/**
 * Settings, Billing (spec section 2): the current plan (Family Plan, Per Child Plan or No Active Plan)
 * and Active or Inactive. Inactive: Subscribe Now. Active: Manage Billing (Stripe's customer portal)
 * and Update Plan (switch plans, prorated). Without STRIPE_* the tab says billing is not configured.
 */
export function BillingPanel({ subscriptionActive, subscriptionPlan, recipients }: { subscriptionActive: boolean; subscriptionPlan: string | null; recipients: number }) {
  const { data: billing } = useGetBillingQuery();
  const [openPortal, portal] = useOpenBillingPortalMutation();
  const [changePlan, change] = useChangePlanMutation();
  const [choosing, setChoosing] = useState(false);
  const current = subscriptionPlan === 'per_child' || subscriptionPlan === 'family_plan' ? subscriptionPlan : null;
  const [plan, setPlan] = useState<BillingPlan>(current ?? 'per_child');
  const planName = subscriptionActive && current ? PLAN_DETAILS[current].name : 'No Active Plan';

  const manage = async () => {
    try {
      window.location.assign((await openPortal().unwrap()).url);
    } catch (error) {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Could not open billing management. Please try again.', variant: 'destructive' });
    }
  };
  const update = async () => {
    try {
      await changePlan({ plan }).unwrap();
      toast({ title: 'Plan Updated', description: BILLING_MESSAGES.planUpdated, variant: 'success' });
      setChoosing(false);
    } catch (error) {
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to update your plan. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <section className="section-card" aria-label="Billing">
      <h2 className="section-card__title">Current Plan</h2>
      <p className="settings-billing__plan">
        <strong>{planName}</strong>{' '}
        <span className={subscriptionActive ? 'status-badge status-badge--on' : 'status-badge'}>{subscriptionActive ? 'Active' : 'Inactive'}</span>
      </p>
      {billing && !billing.configured && <Alert type="info" showIcon title={BILLING_MESSAGES.notConfigured} />}
      {!subscriptionActive && (
        <Link to="/subscribe" className="settings-link">
          Subscribe Now <RightOutlined aria-hidden />
        </Link>
      )}
      {subscriptionActive && (
        <div className="billing-actions">
          <Button onClick={manage} loading={portal.isLoading} disabled={billing?.configured === false}>
            Manage Billing
          </Button>
          <Button onClick={() => setChoosing((open) => !open)} disabled={billing?.configured === false} aria-expanded={choosing}>
            Update Plan
          </Button>
        </div>
      )}
      {subscriptionActive && choosing && (
        <div className="billing-update">
          <PlanCards selected={plan} onSelect={setPlan} recipients={recipients} />
          <Button type="primary" onClick={update} loading={change.isLoading} disabled={plan === current}>
            Switch to {PLAN_DETAILS[plan].name}
          </Button>
        </div>
      )}
    </section>
  );
}
