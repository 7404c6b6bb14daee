import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { toast } from '../../../shared/ui/toast';

/** Where Stripe sends the browser back after confirming (spec section 7). */
const returnUrl = () => `${window.location.origin}/?subscribed=true`;

/**
 * Stripe's Payment Element for the subscription's secret: during the 7-day trial a SetupIntent
 * (`seti_...`, confirmSetup saves the card), else the first invoice's PaymentIntent (confirmPayment).
 * Stripe.js loads from js.stripe.com only here, once the subscription exists (this file is its own chunk).
 */
export default function PaymentStep({ publishableKey, clientSecret, onBack }: { publishableKey: string; clientSecret: string; onBack: () => void }) {
  const stripe = useMemo<Promise<Stripe | null>>(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <PaymentForm setup={clientSecret.startsWith('seti_')} onBack={onBack} />
    </Elements>
  );
}

function PaymentForm({ setup, onBack }: { setup: boolean; onBack: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const complete = async () => {
    if (!stripe || !elements) return;
    setBusy(true);
    const confirmParams = { return_url: returnUrl() };
    const { error } = setup ? await stripe.confirmSetup({ elements, confirmParams }) : await stripe.confirmPayment({ elements, confirmParams });
    // Success leaves the page (return_url); an answer here is a failure.
    setBusy(false);
    if (error) toast({ title: 'Payment Failed', description: error.message ?? 'Your payment could not be completed.', variant: 'destructive' });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void complete();
      }}
    >
      <PaymentElement />
      <div className="subscribe-actions">
        <Button type="primary" htmlType="submit" loading={busy} disabled={!stripe || !elements}>
          Complete Subscription
        </Button>
        <Button onClick={onBack} disabled={busy}>
          Back to Plans
        </Button>
      </div>
    </form>
  );
}
