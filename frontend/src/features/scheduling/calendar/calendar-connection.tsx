import { GoogleOutlined, SyncOutlined } from '@ant-design/icons';
import { CALENDAR_MESSAGES, GOOGLE_CONNECT_OUTCOMES, isGoogleConnectOutcome, type CalendarStatus } from '@carecircle/libs';
import { Alert, Button, Card } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isSessionExpired, serverMessage } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { useDisconnectGoogleMutation, useLazyGetCalendarAuthQuery, useSyncCalendarMutation } from './api';

/** Why the calendar cannot be connected here, or null when it can. */
export const unavailableReason = (status: CalendarStatus | undefined): string | null => {
  if (!status || status.google.available) return null;
  return status.google.configured ? CALENDAR_MESSAGES.notAvailableYet : CALENDAR_MESSAGES.notConfigured;
};

/** A failed calendar call as a toast: the server's reason, else `fallback`. An ended session is the API layer's to say. */
function toastFailure(title: string, error: unknown, fallback: string) {
  if (isSessionExpired(error)) return;
  toast({ title, description: serverMessage(error) ?? fallback, variant: 'destructive' });
}

/**
 * Sync. In Settings it reads Sync Calendar and is disabled until a calendar is connected, described
 * by the element that says why (`disabledBecause`: its id).
 */
export function SyncButton({ unavailable, label = 'Sync', disabledBecause = null }: { unavailable: string | null; label?: string; disabledBecause?: string | null }) {
  const [sync, state] = useSyncCalendarMutation();
  const onSync = async () => {
    if (unavailable) {
      toast({ title: 'Not Configured', description: unavailable });
      return;
    }
    try {
      await sync().unwrap();
      toast({ title: 'Calendar Synced', description: 'Your Google Calendar events have been synchronized.', variant: 'success' });
    } catch (error) {
      toastFailure('Sync Failed', error, 'Failed to sync calendar. Please try again.');
    }
  };
  return (
    <Button
      icon={<SyncOutlined spin={state.isLoading} />}
      disabled={state.isLoading || disabledBecause !== null}
      aria-describedby={disabledBecause ?? undefined}
      onClick={onSync}
    >
      {label}
    </Button>
  );
}

/**
 * What Google's consent sent the browser back with (GET /api/calendar/callback redirects to
 * Settings, Calendar with ?google=<outcome>, libs' GOOGLE_CONNECT_OUTCOMES): said once as a toast,
 * then dropped from the address.
 */
function useConsentOutcome() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('google');
  useEffect(() => {
    if (outcome === null) return;
    const said = isGoogleConnectOutcome(outcome) ? GOOGLE_CONNECT_OUTCOMES[outcome] : GOOGLE_CONNECT_OUTCOMES.failed;
    toast({ title: said.title, description: said.description, variant: said.ok ? 'success' : 'destructive' });
    const next = new URLSearchParams(params);
    next.delete('google');
    setParams(next, { replace: true });
  }, [outcome, params, setParams]);
}

export function ConnectCard({ status, loading, extra }: { status: CalendarStatus | undefined; loading: boolean; extra?: ReactNode }) {
  useConsentOutcome();
  const unavailable = unavailableReason(status);
  const connected = status?.google.connected ?? false;
  const needsReconnect = status?.google.needsReconnect ?? false;
  const [getAuth, auth] = useLazyGetCalendarAuthQuery();
  const [disconnect, disconnecting] = useDisconnectGoogleMutation();
  const connect = async () => {
    const result = await getAuth();
    const url = result.data?.authUrl;
    if (url) {
      window.location.assign(url);
      return;
    }
    toastFailure('Connection Failed', result.error, 'Failed to connect to Google Calendar. Please try again.');
  };
  const onDisconnect = async () => {
    try {
      await disconnect().unwrap();
      toast({ title: 'Google Calendar Disconnected', description: 'Events already in your Google calendar stay there.', variant: 'success' });
    } catch (error) {
      toastFailure('Disconnect Failed', error, 'Failed to disconnect Google Calendar. Please try again.');
    }
  };
  return (
    <Card className="calendar-card calendar-connect" title={<h2 className="calendar-card__title">Google Calendar</h2>}>
      <p id="calendar-connect-text" className="calendar-connect__text">
        {connected
          ? `Connected. ${status?.google.lastSyncAt ? `Last synced ${new Date(status.google.lastSyncAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}.` : 'Not synced yet.'}`
          : 'Connect your Google Calendar to see appointments next to your family\u2019s other plans.'}
      </p>
      {unavailable && <Alert id="calendar-not-configured" type="info" showIcon title={unavailable} className="calendar-connect__status" />}
      {needsReconnect && <Alert id="calendar-reconnect" type="warning" showIcon title={CALENDAR_MESSAGES.needsReconnect} className="calendar-connect__status" />}
      {needsReconnect && (
        <Button type="primary" icon={<GoogleOutlined />} onClick={connect} loading={auth.isFetching} aria-describedby="calendar-reconnect">
          Reconnect Google Calendar
        </Button>
      )}
      {connected ? (
        <Button onClick={onDisconnect} loading={disconnecting.isLoading}>
          Disconnect
        </Button>
      ) : (
        <Button
          icon={<GoogleOutlined />}
          onClick={connect}
          loading={auth.isFetching}
          disabled={loading || !!unavailable}
          aria-describedby={unavailable ? 'calendar-not-configured' : undefined}
        >
          Connect Google Calendar
        </Button>
      )}
      {extra}
    </Card>
  );
}
