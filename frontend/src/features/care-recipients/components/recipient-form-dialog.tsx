import {
  CHILD_FIRST_NAME_REQUIRED,
  CHILD_LAST_NAME_REQUIRED,
  type Child,
  type ChildInput,
  TEXT_MAX,
} from '@carecircle/libs';
import { Button, Form, Input, Modal } from 'antd';
import { fieldErrors, isSessionExpired, serverMessage } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { useAddChildMutation, useUpdateChildMutation } from '../api';
import { recipientName } from '../recipient-name';

interface Props {
  open: boolean;
  /** The recipient to edit; absent to add a new one. */
  recipient?: Child;
  onClose: () => void;
}

interface FormValues {
  firstName: string;
  lastName: string;
  dateOfBirth?: string;
  medicalConditions?: string;
  notes?: string;
}

const FIELDS: (keyof FormValues)[] = ['firstName', 'lastName', 'dateOfBirth', 'medicalConditions', 'notes'];

function optionalText(value: string | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed ? trimmed : null;
}

function todayIso(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function RecipientFormDialog({ open, recipient, onClose }: Props) {
  return (
    <Modal
      open={open}
      title={recipient ? `Edit ${recipientName(recipient)}` : 'Add Care Recipient'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <RecipientForm recipient={recipient} onClose={onClose} />
    </Modal>
  );
}

function RecipientForm({ recipient, onClose }: Omit<Props, 'open'>) {
  const [form] = Form.useForm<FormValues>();
  const [addChild, addState] = useAddChildMutation();
  const [updateChild, updateState] = useUpdateChildMutation();
  const pending = addState.isLoading || updateState.isLoading;
  const editing = recipient !== undefined;

  const submit = async (values: FormValues) => {
    const input: ChildInput = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      // An empty date of birth is sent as null (spec document 1, section 5).
      dateOfBirth: values.dateOfBirth ? values.dateOfBirth : null,
      medicalConditions: optionalText(values.medicalConditions),
      notes: optionalText(values.notes),
    };
    try {
      if (editing) await updateChild({ id: recipient.id, input }).unwrap();
      else await addChild(input).unwrap();
      toast({
        title: 'Success',
        description: editing ? 'Care recipient updated successfully!' : 'Care recipient added successfully!',
        variant: 'success',
      });
      onClose();
    } catch (error) {
      const perField = fieldErrors(error).filter((item) => FIELDS.includes(item.field as keyof FormValues));
      if (perField.length > 0) {
        form.setFields(perField.map((item) => ({ name: item.field as keyof FormValues, errors: [item.message] })));
      }
      if (isSessionExpired(error)) return;
      toast({
        title: 'Error',
        description: serverMessage(error) ?? (editing ? 'Failed to update care recipient' : 'Failed to add care recipient'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Form<FormValues>
      form={form}
      name={editing ? `edit-recipient-${recipient.id}` : 'add-recipient'}
      layout="vertical"
      onFinish={submit}
      disabled={pending}
      initialValues={{
        firstName: recipient?.firstName ?? '',
        lastName: recipient?.lastName ?? '',
        dateOfBirth: recipient?.dateOfBirth ?? '',
        medicalConditions: recipient?.medicalConditions ?? '',
        notes: recipient?.notes ?? '',
      }}
    >
      <div className="form-row">
        <Form.Item
          label="First name"
          name="firstName"
          rules={[{ required: true, whitespace: true, message: CHILD_FIRST_NAME_REQUIRED }]}
        >
          <Input autoComplete="off" autoFocus maxLength={TEXT_MAX.name} />
        </Form.Item>
        <Form.Item
          label="Last name"
          name="lastName"
          rules={[{ required: true, whitespace: true, message: CHILD_LAST_NAME_REQUIRED }]}
        >
          <Input autoComplete="off" maxLength={TEXT_MAX.name} />
        </Form.Item>
      </div>
      <Form.Item label="Date of birth" name="dateOfBirth" extra="Optional">
        <Input type="date" max={todayIso()} />
      </Form.Item>
      <Form.Item label="Medical conditions" name="medicalConditions">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} placeholder="e.g. Epilepsy, type 1 diabetes" maxLength={TEXT_MAX.text} />
      </Form.Item>
      <Form.Item label="Notes" name="notes">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} placeholder="Anything the care team should know" maxLength={TEXT_MAX.text} />
      </Form.Item>
      <div className="dialog-actions">
        <Button onClick={onClose} disabled={false}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={pending}>
          {editing ? (pending ? 'Saving...' : 'Save Changes') : pending ? 'Adding...' : 'Add Care Recipient'}
        </Button>
      </div>
    </Form>
  );
}
