import { COMMUNITY_LIMITS } from '@carecircle/libs';
import { Modal, Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { sendable } from '../logic/text-limit';
import { LimitedField } from './limited-field';

interface Props {
  title: string;
  intro: ReactNode;
  label: string;
  confirmLabel: string;
  danger?: boolean;
  loading: boolean;
  onCancel: () => void;
  /** Resolves true when done (the dialog closes and forgets the reason), false to keep it open. */
  onConfirm: (reason: string) => Promise<boolean>;
}

/** A dialog that asks for a reason (report, a moderator's removal): required, within its limit. */
export function ReasonDialog({ title, intro, label, confirmLabel, danger, loading, onCancel, onConfirm }: Props) {
  const [reason, setReason] = useState('');
  const ready = sendable(reason, COMMUNITY_LIMITS.reasonMax);
  return (
    <Modal
      open
      title={title}
      onCancel={onCancel}
      footer={
        <div className="dialog-actions">
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="primary" danger={danger} disabled={!ready} loading={loading} onClick={() => void onConfirm(reason.trim())}>
            {confirmLabel}
          </Button>
        </div>
      }
    >
      <div className="composer">
        <p className="composer__intro">{intro}</p>
        <LimitedField label={label} value={reason} max={COMMUNITY_LIMITS.reasonMax} rows={3} autoFocus onChange={setReason} />
      </div>
    </Modal>
  );
}
