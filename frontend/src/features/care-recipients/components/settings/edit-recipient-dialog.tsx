import { CHILD_EMAIL_INVALID, TEXT_MAX, type Child, type ChildInput } from '@carecircle/libs';
import { Form, Input, Modal } from 'antd';
import { serverMessage } from '../../../../shared/api/api-error';
import { FormActions, LongTextItem } from '../../../../shared/ui/form-fields';
import { reportSaveError } from '../../../../shared/ui/form-server-errors';
import { toast } from '../../../../shared/ui/toast';
import { useLastPresent } from '../../../../shared/hooks/use-last-present';
import { useUpdateChildMutation } from '../../api';
import { recipientName } from '../../recipient-name';
import { DateOfBirthItem, RecipientNameItem } from '../recipient-fields';

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
      reportSaveError(form, error, (field) => FIELD_OF[field], { description: serverMessage(error) ?? 'Failed to update care recipient' });
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
      <RecipientNameItem />
      <DateOfBirthItem label="Date of Birth" />
      <div className="form-row">
        <Form.Item label="Phone Number" name="phone">
          <Input type="tel" autoComplete="off" maxLength={TEXT_MAX.phone} />
        </Form.Item>
        <Form.Item label="Email Address" name="email" rules={[{ type: 'email', message: CHILD_EMAIL_INVALID }]}>
          <Input type="email" autoComplete="off" maxLength={TEXT_MAX.email} />
        </Form.Item>
      </div>
      <LongTextItem label="Medical Notes" name="medicalNotes" />
      <FormActions onCancel={onClose} pending={isLoading}>
        {isLoading ? 'Saving...' : 'Save Changes'}
      </FormActions>
    </Form>
  );
}
