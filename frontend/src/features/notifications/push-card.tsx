import { BellOutlined, LockOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { isSessionExpired } from '../../shared/api/api-error';
import { toast } from '../../shared/ui/toast';
import { useSendTestPushMutation } from './push-api';
import { useWebPush, type PushStatus } from './use-web-push';
import './push-card.css';

/** What is sent when notifications are on (spec document 3, Push notification card). */
const WHAT_IS_SENT = [
  'Overdue task alerts with photo thumbnails',
  'Medication reminders 15 minutes before the scheduled time',
  'Achievement notifications when goals are reached',
  'Emergency escalation to secondary caregivers',
];

const TITLES: Record<Exclude<PushStatus, 'loading'>, string> = {
  unsupported: 'Not Supported',
  blocked: 'Notifications Blocked',
  disabled: 'Enable Notifications',
  enabled: 'Notifications Enabled',
};

const failed = (error: unknown, description: string, title = 'Error') => {
  if (!isSessionExpired(error)) toast({ title, description, variant: 'destructive' });
};

/**
 * The push notification card of Settings > Account (spec document 3): Not Supported, Notifications
 * Blocked (how to allow them again, no buttons), Enable Notifications, or Notifications Enabled with
 * an Active badge, Disable and Test, and what is sent.
 */
export function PushCard() {
  const { status, enable, disable } = useWebPush();
  const [sendTest, test] = useSendTestPushMutation();
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const onEnable = () =>
    run(async () => {
      try {
        if ((await enable()) === 'denied') {
          toast({ title: 'Permission Denied', description: 'Notifications are disabled. You can enable them in your browser settings.', variant: 'destructive' });
          return;
        }
        toast({ title: 'Notifications Enabled', variant: 'success' });
      } catch (error) {
        failed(error, 'Failed to enable notifications. Please try again.', 'Setup Failed');
      }
    });

  const onDisable = () =>
    run(async () => {
      try {
        await disable();
        toast({ title: 'Notifications Disabled', variant: 'success' });
      } catch (error) {
        failed(error, 'Failed to disable notifications. Please try again.');
      }
    });

  const onTest = async () => {
    try {
      await sendTest().unwrap();
      toast({ title: 'Test Notification Sent', variant: 'success' });
    } catch (error) {
      failed(error, 'Failed to send test notification. Please try again.');
    }
  };

  if (status === 'loading') return null;
  return (
    <section className="settings-card push-card" aria-labelledby="push-card-title">
      <h4 id="push-card-title" className="push-card__title">
        <BellOutlined aria-hidden /> {TITLES[status]}
        {status === 'enabled' && <span className="status-badge status-badge--on">Active</span>}
      </h4>
      {status === 'unsupported' && <p className="muted">Push notifications are not supported in this browser.</p>}
      {status === 'blocked' && (
        <p className="muted">
          Notifications are blocked for this site. To allow them, click the lock icon <LockOutlined aria-label="lock" /> in the address bar, select
          Allow for notifications, then refresh the page.
        </p>
      )}
      {status === 'disabled' && <p className="muted">Get care reminders and urgent alerts on this device, even when CareCircle is closed.</p>}
      {status === 'enabled' && (
        <ul className="push-card__list">
          {WHAT_IS_SENT.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {status === 'disabled' && (
        <Button type="primary" onClick={() => void onEnable()} loading={busy}>
          Enable
        </Button>
      )}
      {status === 'enabled' && (
        <div className="push-card__actions">
          <Button onClick={() => void onDisable()} loading={busy}>
            Disable
          </Button>
          <Button onClick={() => void onTest()} loading={test.isLoading}>
            Test
          </Button>
        </div>
      )}
    </section>
  );
}
