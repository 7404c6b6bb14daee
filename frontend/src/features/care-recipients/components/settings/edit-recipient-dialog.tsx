import { CHILD_EMAIL_INVALID, TEXT_MAX, type Child, type ChildInput } from '@carecircle/libs';
import { Button, Form, Input, Modal } from 'antd';
import { fieldErrors, isSessionExpired, serverMessage } from '../../../../shared/api/api-error';
import { toast } from '../../../../shared/ui/toast';
import { useLastPresent } from '../../../../shared/hooks/use-last-present';
import { useUpdateChildMutation } from '../../api';
import { todayIso } from '../../recipient-setup';
import { recipientName } from '../../recipient-name';

interface Props {
  recipient: Child | null;
  onClose: () => void;
}

interface FormValues {
  name: string;
  dateOfBirth: string;
  phone: string;
  email: string;
  medicalNotes: string;
}

/** The settings edit dialog: Name, Date of Birth, Phone Number, Email Address, Medical Notes. */
export function EditRecipientDialog({ recipient, onClose }: Props) {
  const shown = useLastPresent(recipient);
  return (
    <Modal
      open={recipient !== null}
      title={shown ? `Edit ${recipientName(shown)}` : 'Edit'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      // The dialog takes focus when it opens; hand it to the first field.
      afterOpenChange={(visible) => {
        if (visible && shown) document.getElementById(`settings-edit-recipient-${shown.id}_name`)?.focus();
      }}
    >
      {shown && <EditRecipientForm recipient={shown} onClose={onClose} />}
    </Modal>
  );
}

const FIELD_OF: Record<string, keyof FormValues> = {
  name: 'name',
  firstName: 'name',
  lastName: 'name',
  dateOfBirth: 'dateOfBirth',
  phone: 'phone',
  email: 'email',
  medicalNotes: 'medicalNotes',
};

function EditRecipientForm({ recipient, onClose }: { recipient: Child; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const [updateChild, { isLoading }] = useUpdateChildMutation();

  const submit = async (values: FormValues) => {
    const input: ChildInput = {
      name: values.name.trim(),
      dateOfBirth: values.dateOfBirth ? values.dateOfBirth : null,
      phone: (values.phone ?? '').trim() || null,
      email: (values.email ?? '').trim() || null,
      medicalNotes: (values.medicalNotes ?? '').trim() || null,
    };
    try {
      await updateChild({ id: recipient.id, input }).unwrap();
      toast({ title: 'Care Recipient Updated', description: `${input.name}'s details were saved.`, variant: 'success' });
      onClose();
    } catch (error) {
      const perField = fieldErrors(error).filter((item) => FIELD_OF[item.field]);
      if (perField.length > 0) form.setFields(perField.map((item) => ({ name: FIELD_OF[item.field], errors: [item.message] })));
      if (isSessionExpired(error)) return;
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to update care recipient', variant: 'destructive' });
    }
  };

  return (
    <Form<FormValues>
      form={form}
      name={`settings-edit-recipient-${recipient.id}`}
      layout="vertical"
      onFinish={submit}
      disabled={isLoading}
      initialValues={{
        name: recipientName(recipient),
        dateOfBirth: recipient.dateOfBirth ?? '',
        phone: recipient.phone ?? '',
        email: recipient.email ?? '',
        medicalNotes: recipient.medicalNotes ?? recipient.medicalConditions ?? '',
      }}
    >
      <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: 'Name is required' }]}>
        <Input autoComplete="off" autoFocus maxLength={TEXT_MAX.name} />
      </Form.Item>
      <Form.Item label="Date of Birth" name="dateOfBirth" extra="Optional">
        <Input type="date" max={todayIso()} />
      </Form.Item>
      <div className="form-row">
        <Form.Item label="Phone Number" name="phone">
          <Input type="tel" autoComplete="off" maxLength={TEXT_MAX.phone} />
        </Form.Item>
        <Form.Item label="Email Address" name="email" rules={[{ type: 'email', message: CHILD_EMAIL_INVALID }]}>
          <Input type="email" autoComplete="off" maxLength={TEXT_MAX.email} />
        </Form.Item>
      </div>
      <Form.Item label="Medical Notes" name="medicalNotes">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={TEXT_MAX.text} />
      </Form.Item>
      <div className="dialog-actions">
        <Button onClick={onClose} disabled={false}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {isLoading ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </Form>
  );
}
