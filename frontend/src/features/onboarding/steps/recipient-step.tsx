import { TEXT_MAX } from '@carecircle/libs';
import { Form, Input } from 'antd';
import { GENDERS, type ChildDraft } from '../onboarding-draft';

interface Props {
  value: ChildDraft;
  today: string;
  onChange: (child: ChildDraft) => void;
}

/** Step 1: who is cared for. Next needs first name, last name and date of birth. */
export function RecipientStep({ value, today, onChange }: Props) {
  const set = (changes: Partial<ChildDraft>) => onChange({ ...value, ...changes });
  return (
    <Form layout="vertical" requiredMark component="div">
      <p className="muted">Tell us about the person you care for.</p>
      <Form.Item label="First Name" required htmlFor="onboarding-first-name">
        <Input id="onboarding-first-name" autoFocus autoComplete="off" maxLength={TEXT_MAX.personName} value={value.firstName} onChange={(e) => set({ firstName: e.target.value })} />
      </Form.Item>
      <Form.Item label="Last Name" required htmlFor="onboarding-last-name">
        <Input id="onboarding-last-name" autoComplete="off" maxLength={TEXT_MAX.personName} value={value.lastName} onChange={(e) => set({ lastName: e.target.value })} />
      </Form.Item>
      <Form.Item label="Date of Birth" required htmlFor="onboarding-date-of-birth">
        <Input id="onboarding-date-of-birth" type="date" min="1900-01-01" max={today} value={value.dateOfBirth} onChange={(e) => set({ dateOfBirth: e.target.value })} />
      </Form.Item>
      <Form.Item label="Gender (optional)" htmlFor="onboarding-gender">
        <select id="onboarding-gender" className="native-select" value={value.gender} onChange={(e) => set({ gender: e.target.value as ChildDraft['gender'] })}>
          <option value="">Not given</option>
          {GENDERS.map((gender) => (
            <option key={gender.value} value={gender.value}>
              {gender.label}
            </option>
          ))}
        </select>
      </Form.Item>
      <Form.Item label="Condition (optional)" htmlFor="onboarding-condition">
        <Input id="onboarding-condition" maxLength={TEXT_MAX.name} value={value.condition} onChange={(e) => set({ condition: e.target.value })} />
      </Form.Item>
    </Form>
  );
}
