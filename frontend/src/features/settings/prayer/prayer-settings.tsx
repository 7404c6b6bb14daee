import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { DEFAULT_PRAYER_CALCULATION_METHOD, PRAYER_METHODS, type User } from '@carecircle/libs';
import { Button } from 'antd';
import { useState } from 'react';
import { reasonOf } from '../../../shared/api/api-error';
import { disclosureProps } from '../../../shared/ui/disclosure';
import { toast } from '../../../shared/ui/toast';
import { enablePrayerTasksChange, locateDevice } from './device-location';
import { useUpdatePrayerSettingsMutation, type PrayerSettingsChange } from './prayer-api';
import { PrayerMethodSelect } from './prayer-method-select';
import { PrayerWidget } from './prayer-widget';
import './prayer.css';

const REGION_ID = 'prayer-settings-region';

/**
 * Prayer Settings on the Profile tab (spec document 1, section 2): collapsible; Enabled or Disabled
 * with an Enable/Disable button; when enabled the Calculation Method and a preview of today's times
 * (the Prayer widget) in the profile's zone by that method.
 */
export function PrayerSettings({ user }: { user: User }) {
  const [expanded, setExpanded] = useState(user.enablePrayerTasks);
  const { busy, enable, disable, changeMethod } = usePrayerSettingsSave();
  const enabled = user.enablePrayerTasks;
  // The chosen method shows at once; a refused change puts the stored one back.
  const [chosen, setChosen] = useState<number>();
  const method = chosen ?? (user.prayerCalculationMethod || DEFAULT_PRAYER_CALCULATION_METHOD);
  const choose = async (next: number) => {
    setChosen(next);
    if (!(await changeMethod(next))) setChosen(undefined);
  };

  return (
    <section className="section-card prayer-settings" aria-labelledby="prayer-settings-title">
      <h2 id="prayer-settings-title" className="section-card__title prayer-settings__title">
        <button type="button" className="prayer-settings__toggle" onClick={() => setExpanded(!expanded)} {...disclosureProps(expanded, REGION_ID)}>
          {expanded ? <DownOutlined aria-hidden /> : <RightOutlined aria-hidden />} Prayer Settings
        </button>
      </h2>
      {expanded && (
        <div id={REGION_ID}>
          <p className="muted">Optional prayer times for Muslim families.</p>
          <div className="prayer-settings__status">
            <span>
              Prayer Times: <span className={enabled ? 'status-badge status-badge--on' : 'status-badge'}>{enabled ? 'Enabled' : 'Disabled'}</span>
            </span>
            <Button type={enabled ? 'default' : 'primary'} loading={busy} disabled={busy} onClick={() => void (enabled ? disable() : enable())}>
              {enabled ? 'Disable' : 'Enable'}
            </Button>
          </div>
          {enabled && (
            <>
              <PrayerMethodSelect id="prayer-settings-method" value={method} disabled={busy} onChange={(next) => void choose(next)} />
              <PrayerWidget user={user} method={method} />
            </>
          )}
        </div>
      )}
    </section>
  );
}

/** The three changes, each through PATCH /api/user/prayer-settings; the user is fetched again after each. */
function usePrayerSettingsSave() {
  const [update] = useUpdatePrayerSettingsMutation();
  const [busy, setBusy] = useState(false);

  const save = async (change: () => Promise<PrayerSettingsChange>, saved: string): Promise<boolean> => {
    setBusy(true);
    try {
      await update(await change()).unwrap();
      void toast({ title: 'Prayer Settings Updated', description: saved, variant: 'success' });
      return true;
    } catch (error) {
      void toast({ title: 'Error', description: reasonOf(error) ?? 'Failed to update prayer settings. Please try again.', variant: 'destructive' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    // Enabling asks the device where it is, so prayer tasks can be timed there.
    enable: () => save(async () => enablePrayerTasksChange(await locateDevice()), 'Prayer times are on.'),
    disable: () => save(async () => ({ enablePrayerTasks: false }), 'Prayer times are off.'),
    changeMethod: (method: number) =>
      save(async () => ({ prayerCalculationMethod: method }), `Calculation method: ${PRAYER_METHODS.find((m) => m.id === method)?.name ?? method}.`),
  };
}
