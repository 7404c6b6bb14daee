import { Button, Modal, Radio } from 'antd';
import { useId, useState } from 'react';

const PERIODS = [
  { days: 1, label: 'For 1 day' },
  { days: 7, label: 'For 7 days' },
  { days: 30, label: 'For 30 days' },
] as const;

/** The instant `days` from now, as the mute route takes it. */
export const muteUntil = (days: number, now: Date = new Date()) => new Date(now.getTime() + days * 86_400_000).toISOString();

/** Mute a post's or comment's author: they can still read the group, and cannot post or comment until then. */
export function MuteDialog({ authorName, loading, onCancel, onConfirm }: { authorName: string; loading: boolean; onCancel: () => void; onConfirm: (days: number) => void }) {
  const [days, setDays] = useState<number>(7);
  const labelId = useId();
  return (
    <Modal
      open
      title={`Mute ${authorName}`}
      onCancel={onCancel}
      footer={
        <div className="dialog-actions">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="primary" danger loading={loading} onClick={() => onConfirm(days)}>
            Mute
          </Button>
        </div>
      }
    >
      <p id={labelId}>{authorName} can still read this group, but cannot post, comment or react until the time is up.</p>
      <Radio.Group aria-labelledby={labelId} className="mute-dialog__periods" value={days} onChange={(event) => setDays(event.target.value as number)}>
        {PERIODS.map((period) => (
          <Radio key={period.days} value={period.days}>
            {period.label}
          </Radio>
        ))}
      </Radio.Group>
    </Modal>
  );
}
