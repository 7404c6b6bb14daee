import {
  CARE_HUB_DEFAULTS,
  CARE_HUB_MAX,
  CARE_HUB_TEXT,
  SUPPORT_ROLES,
  SUPPORT_ROLE_LABELS,
  type FamilySupportInput,
  type FamilySupportResource,
  type SupportRole,
} from '@carecircle/libs';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useAddFamilySupportMutation, useUpdateFamilySupportMutation } from '../api';
import { saveEntry } from '../directory-feedback';
import { EMAIL_RULE, optionalPhone, OPTIONAL_PHONE_RULES, optionalText } from '../form-values';
import { displayPhone } from '../phone';
import { SUPPORT_TEXTS } from '../texts';

interface Props {
  open: boolean;
  childId: string;
  /** The resource to edit; absent to add one. */
  resource?: FamilySupportResource;
  onClose: () => void;
}

interface FormValues {
  name: string;
  role: SupportRole;
  organization: string;
  phoneNumber: string;
  email: string;
  notes: string;
}

const FIELDS: readonly string[] = ['name', 'role', 'organization', 'phoneNumber', 'email', 'notes'];

export function SupportDialog({ open, childId, resource, onClose }: Props) {
  return (
    <Modal
      open={open}
      title={resource ? 'Edit Support Resource' : 'Add Support Resource'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <SupportForm childId={childId} resource={resource} onClose={onClose} />
    </Modal>
  );
}

function SupportForm({ childId, resource, onClose }: Omit<Props, 'open'>) {
  const [form] = Form.useForm<FormValues>();
  const [addResource, addState] = useAddFamilySupportMutation();
  const [updateResource, updateState] = useUpdateFamilySupportMutation();
  const [reason, setReason] = useState<string>();
  const pending = addState.isLoading || updateState.isLoading;
  const editing = resource !== undefined;

  const submit = async (values: FormValues) => {
    const input: FamilySupportInput = {
      name: values.name.trim(),
      role: values.role,
      organization: optionalText(values.organization),
      phoneNumber: optionalPhone(values.phoneNumber),
      email: optionalText(values.email),
      notes: optionalText(values.notes),
    };
    const saved = await saveEntry({
      run: () =>
        editing
          ? updateResource({ id: resource.id, childId, input }).unwrap()
          : addResource({ childId, input }).unwrap(),
      editing,
      texts: SUPPORT_TEXTS,
      form,
      fields: FIELDS,
      onReason: setReason,
    });
    if (saved) onClose();
  };

  return (
    <Form<FormValues>
      form={form}
      name={editing ? `edit-support-${resource.id}` : 'add-support'}
      layout="vertical"
      onFinish={submit}
      disabled={pending}
      initialValues={{
        name: resource?.name ?? '',
        role: resource?.role ?? CARE_HUB_DEFAULTS.role,
        organization: resource?.organization ?? '',
        phoneNumber: resource?.phoneNumber ? displayPhone(resource.phoneNumber) : '',
        email: resource?.email ?? '',
        notes: resource?.notes ?? '',
      }}
    >
      <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: CARE_HUB_TEXT.supportRequiredName }]}>
        <Input autoComplete="off" maxLength={CARE_HUB_MAX.name} />
      </Form.Item>
      <Form.Item label="Role" name="role">
        <select className="native-select" disabled={pending}>
          {SUPPORT_ROLES.map((role) => (
            <option key={role} value={role}>
              {SUPPORT_ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </Form.Item>
      <Form.Item label="Organization (optional)" name="organization">
        <Input autoComplete="off" maxLength={CARE_HUB_MAX.organization} />
      </Form.Item>
      <Form.Item label="Phone (optional)" name="phoneNumber" validateTrigger="onBlur" rules={OPTIONAL_PHONE_RULES}>
        <Input type="tel" inputMode="tel" autoComplete="off" maxLength={CARE_HUB_MAX.phone} />
      </Form.Item>
      <Form.Item label="Email (optional)" name="email" validateTrigger="onBlur" rules={[EMAIL_RULE]}>
        <Input type="email" autoComplete="off" maxLength={CARE_HUB_MAX.email} />
      </Form.Item>
      <Form.Item label="Notes (optional)" name="notes">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={CARE_HUB_MAX.notes} />
      </Form.Item>
      {reason && <Alert className="care-hub-dialog__reason" type="error" showIcon title={reason} />}
      <div className="dialog-actions">
        <Button size="large" onClick={onClose} disabled={false}>
          Cancel
        </Button>
        <Button size="large" type="primary" htmlType="submit" loading={pending}>
          {pending ? 'Saving...' : 'Save Resource'}
        </Button>
      </div>
    </Form>
  );
}
