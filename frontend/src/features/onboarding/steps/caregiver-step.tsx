import { INVITATION_MESSAGES, TEXT_MAX } from '@carecircle/libs';
import { Checkbox, Form, Input } from 'antd';
import { CAREGIVER_RELATIONSHIPS, type CaregiverDraft } from '../onboarding-draft';

interface Props {
  value: CaregiverDraft;
  onChange: (caregiver: CaregiverDraft) => void;
}

/** Step 2: someone who shares the care. An invitation goes out only when an email is given. */
export function CaregiverStep({ value, onChange }: Props) {
  const set = (changes: Partial<CaregiverDraft>) => onChange({ ...value, ...changes });
  // Said here, not after Complete Setup: the invitation is the one call that would fail on it.
  const email = value.email.trim();
  const emailLooksWrong = email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
  return (
    <Form layout="vertical" component="div">
      <p className="muted">Invite a partner, grandparent or babysitter to see the care schedule. You can skip this and invite them later from Settings.</p>
      <Form.Item label="Name" htmlFor="onboarding-caregiver-name">
        <Input id="onboarding-caregiver-name" autoComplete="off" maxLength={TEXT_MAX.personName} value={value.name} onChange={(e) => set({ name: e.target.value })} />
      </Form.Item>
      <Form.Item label="Relationship" htmlFor="onboarding-caregiver-relationship">
        <select id="onboarding-caregiver-relationship" className="native-select" value={value.relationship} onChange={(e) => set({ relationship: e.target.value })}>
          <option value="">Not given</option>
          {CAREGIVER_RELATIONSHIPS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Form.Item>
      <Form.Item label="Phone" htmlFor="onboarding-caregiver-phone">
        <Input id="onboarding-caregiver-phone" type="tel" autoComplete="off" maxLength={TEXT_MAX.phone} value={value.phone} onChange={(e) => set({ phone: e.target.value })} />
      </Form.Item>
      <Form.Item
        label="Email"
        htmlFor="onboarding-caregiver-email"
        extra="We send the invitation link to this address."
        validateStatus={emailLooksWrong ? 'error' : undefined}
        help={emailLooksWrong ? INVITATION_MESSAGES.emailInvalid : undefined}
      >
        <Input id="onboarding-caregiver-email" type="email" autoComplete="off" maxLength={TEXT_MAX.email} value={value.email} onChange={(e) => set({ email: e.target.value })} />
      </Form.Item>
      <Checkbox checked={value.canEdit} onChange={(e) => set({ canEdit: e.target.checked })}>
        Can complete and change tasks (otherwise they can only view)
      </Checkbox>
    </Form>
  );
}
