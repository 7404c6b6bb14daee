import { BILLING_MESSAGES, PLAN_DETAILS, SUBSCRIBED_RETURN, type BillingSubscription } from '@carecircle/libs';
import { useEffect, useState } from 'react';
import { baseApi } from '../../../app/base-api';
import { useAppDispatch } from '../../../app/hooks';
import { toast } from '../../../shared/ui/toast';
import { useGetBillingQuery } from '../api';

const activeToast = (subscription: BillingSubscription) =>
  toast({ title: 'Subscription Active', description: BILLING_MESSAGES.active(PLAN_DETAILS[subscription.plan].name, subscription.status === 'trialing'), variant: 'success' });

/**
 * Back from Stripe: says the subscription is active, or that it is being activated and then, once
 * Stripe's webhook has made it active (asked every `pollMs`, for at most `waitMs`), that it is active;
 * the caregiver's own data (the Active Subscription badge) is read again then. Renders nothing.
 */
export default function SubscribedNotice({ pollMs = SUBSCRIBED_RETURN.pollMs, waitMs = SUBSCRIBED_RETURN.waitMs }: { pollMs?: number; waitMs?: number }) {
  const dispatch = useAppDispatch();
  const [phase, setPhase] = useState<'first' | 'waiting' | 'done'>('first');
  const { data, isFetching, isError } = useGetBillingQuery(undefined, { refetchOnMountOrArgChange: true, pollingInterval: phase === 'waiting' ? pollMs : 0 });

  useEffect(() => {
    if (phase === 'done' || isFetching) return;
    if (isError) {
      if (phase === 'first') void toast({ title: 'Activating Your Subscription', description: BILLING_MESSAGES.activating });
      setPhase('done');
      return;
    }
    if (!data) return;
    const subscription = data.subscription;
    if (subscription?.active) {
      void activeToast(subscription);
      dispatch(baseApi.util.invalidateTags(['User']));
      setPhase('done');
    } else if (!data.configured) {
      setPhase('done');
    } else if (phase === 'first') {
      void toast({ title: 'Activating Your Subscription', description: BILLING_MESSAGES.activating });
      setPhase('waiting');
    }
  }, [data, isFetching, isError, phase, dispatch]);

  useEffect(() => {
    if (phase !== 'waiting') return;
    const timer = setTimeout(() => {
      void toast({ title: 'Activating Your Subscription', description: BILLING_MESSAGES.stillActivating });
      setPhase('done');
    }, waitMs);
    return () => clearTimeout(timer);
  }, [phase, waitMs]);

  return null;
}
