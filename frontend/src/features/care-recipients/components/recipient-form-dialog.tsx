import {
  CHILD_FIRST_NAME_REQUIRED,
  CHILD_LAST_NAME_REQUIRED,
  type Child,
  type ChildInput,
  TEXT_MAX,
} from '@carecircle/libs';
import { Form, Input, Modal } from 'antd';
import { serverMessage } from '../../../shared/api/api-error';
import { FormActions, LongTextItem, RequiredTextItem } from '../../../shared/ui/form-fields';
import { reportSaveError } from '../../../shared/ui/form-server-errors';
import { toast } from '../../../shared/ui/toast';
import { useAddChildMutation, useUpdateChildMutation } from '../api';
import { recipientName } from '../recipient-name';
import { DateOfBirthItem } from './recipient-fields';

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

const FIELDS: readonly (keyof FormValues)[] = ['firstName', 'lastName', 'dateOfBirth', 'medicalConditions', 'notes'];

function optionalText(value: string | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed ? trimmed : null;
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
      reportSaveError(form, error, FIELDS, {
        description: serverMessage(error) ?? (editing ? 'Failed to update care recipient' : 'Failed to add care recipient'),
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
        <RequiredTextItem label="First name" name="firstName" message={CHILD_FIRST_NAME_REQUIRED}>
          <Input autoComplete="off" autoFocus maxLength={TEXT_MAX.name} />
        </RequiredTextItem>
        <RequiredTextItem label="Last name" name="lastName" message={CHILD_LAST_NAME_REQUIRED}>
          <Input autoComplete="off" maxLength={TEXT_MAX.name} />
        </RequiredTextItem>
      </div>
      <DateOfBirthItem label="Date of birth" />
      <LongTextItem label="Medical conditions" name="medicalConditions" placeholder="e.g. Epilepsy, type 1 diabetes" />
      <LongTextItem label="Notes" name="notes" placeholder="Anything the care team should know" />
      <FormActions onCancel={onClose} pending={pending}>
        {editing ? (pending ? 'Saving...' : 'Save Changes') : pending ? 'Adding...' : 'Add Care Recipient'}
      </FormActions>
    </Form>
  );
}
