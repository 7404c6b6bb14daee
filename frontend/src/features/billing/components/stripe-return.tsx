import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

const SubscribedNotice = lazy(() => import('./subscribed-notice'));

/** The query flag Stripe's return address carries (spec section 7: the site root with ?subscribed=true). */
export const SUBSCRIBED_FLAG = 'subscribed';

/**
 * On the home page: a caregiver back from Stripe's payment step (`/?subscribed=true`) is told whether
 * the subscription is active or still being activated (subscribed-notice.tsx, its own chunk), and the
 * flag leaves the address at once, so a reload or a shared link does not tell it again. It is read
 * after the first render (an effect), so the server-rendered home and its hydration never include it.
 */
export function StripeReturn() {
  const [params, setParams] = useSearchParams();
  const flagged = params.get(SUBSCRIBED_FLAG) === 'true';
  const [returned, setReturned] = useState(false);
  useEffect(() => {
    if (!flagged) return;
    setReturned(true);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SUBSCRIBED_FLAG);
        return next;
      },
      { replace: true },
    );
  }, [flagged, setParams]);
  return returned ? (
    <Suspense fallback={null}>
      <SubscribedNotice />
    </Suspense>
  ) : null;
}
