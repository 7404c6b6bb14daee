import { TEXT_MAX } from '@carecircle/libs';
import { Form, Input } from 'antd';
import { RequiredTextItem } from '../../../shared/ui/form-fields';
import { todayIso } from '../recipient-setup';

/** The settings forms' one Name field (add-person wizard, edit dialog), focused when the form opens. */
export function RecipientNameItem() {
  return (
    <RequiredTextItem label="Name" name="name" message="Name is required">
      <Input autoComplete="off" autoFocus maxLength={TEXT_MAX.name} />
    </RequiredTextItem>
  );
}

/** An optional date of birth, never after today. */
export function DateOfBirthItem({ label }: { label: string }) {
  return (
    <Form.Item label={label} name="dateOfBirth" extra="Optional">
      <Input type="date" max={todayIso()} />
    </Form.Item>
  );
}
