import { GoogleOutlined, SyncOutlined } from '@ant-design/icons';
import { CALENDAR_MESSAGES, type CalendarStatus } from '@carecircle/libs';
import { Alert, Button, Card } from 'antd';
import type { ReactNode } from 'react';
import { isSessionExpired, serverMessage } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { useLazyGetCalendarAuthQuery, useSyncCalendarMutation } from './api';

/** Why the calendar cannot be connected here, or null when it can. */
export const unavailableReason = (status: CalendarStatus | undefined): string | null => {
  if (!status || status.google.available) return null;
  return status.google.configured ? CALENDAR_MESSAGES.notAvailableYet : CALENDAR_MESSAGES.notConfigured;
};

/** Sync; in Settings it reads Sync Calendar and is disabled (described by the reason) when the server cannot sync. */
export function SyncButton({ unavailable, label = 'Sync', disableWhenUnavailable = false }: { unavailable: string | null; label?: string; disableWhenUnavailable?: boolean }) {
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
      if (isSessionExpired(error)) return;
      toast({ title: 'Sync Failed', description: serverMessage(error) ?? 'Failed to sync calendar. Please try again.', variant: 'destructive' });
    }
  };
  return (
    <Button
      icon={<SyncOutlined spin={state.isLoading} />}
      disabled={state.isLoading || (disableWhenUnavailable && !!unavailable)}
      aria-describedby={disableWhenUnavailable && unavailable ? 'calendar-not-configured' : undefined}
      onClick={onSync}
    >
      {label}
    </Button>
  );
}

export function ConnectCard({ unavailable, loading, extra }: { unavailable: string | null; loading: boolean; extra?: ReactNode }) {
  const [getAuth, auth] = useLazyGetCalendarAuthQuery();
  const connect = async () => {
    const result = await getAuth();
    const url = result.data?.authUrl;
    if (url) {
      window.location.assign(url);
      return;
    }
    if (isSessionExpired(result.error)) return;
    toast({ title: 'Connection Failed', description: serverMessage(result.error) ?? 'Failed to connect to Google Calendar. Please try again.', variant: 'destructive' });
  };
  return (
    <Card className="calendar-card calendar-connect" title={<h2 className="calendar-card__title">Google Calendar</h2>}>
      <p className="calendar-connect__text">
        Connect your Google Calendar to see appointments next to your family&apos;s other plans.
      </p>
      {unavailable && <Alert id="calendar-not-configured" type="info" showIcon title={unavailable} className="calendar-connect__status" />}
      <Button
        icon={<GoogleOutlined />}
        onClick={connect}
        loading={auth.isFetching}
        disabled={loading || !!unavailable}
        aria-describedby={unavailable ? 'calendar-not-configured' : undefined}
      >
        Connect Google Calendar
      </Button>
      {extra}
    </Card>
  );
}

