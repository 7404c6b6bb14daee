import { useOnline, useWaitingActions } from './use-offline-queue';

/**
 * A line at the top of the signed-in screens: "offline" while the browser has no network, and how
 * many ticks are waiting to be sent (docs/notifications.md, "Offline and install").
 */
export function OfflineBanner() {
  const online = useOnline();
  const waiting = useWaitingActions().actions.length;
  const count = waiting > 0 && <strong className="offline-banner__count">{waiting} waiting to send</strong>;
  return (
    <div role="status" className="offline-banner-region">
      {!online ? (
        <p className="offline-banner">
          <span>You are offline. Tasks show as last loaded; what you tick is sent when you are back online.</span> {count}
        </p>
      ) : waiting > 0 ? (
        <p className="offline-banner offline-banner--sending">
          {count}
        </p>
      ) : null}
    </div>
  );
}
