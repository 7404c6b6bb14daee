import {
  CARE_HUB_DEFAULTS,
  CARE_HUB_MAX,
  CARE_HUB_TEXT,
  SPECIALTIES,
  SPECIALTY_LABELS,
  type Doctor,
  type DoctorInput,
  type Specialty,
} from '@carecircle/libs';
import { Alert, Button, Checkbox, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useAddDoctorMutation, useUpdateDoctorMutation } from '../api';
import { saveEntry } from '../directory-feedback';
import { displayPhone } from '../phone';
import { DOCTOR_TEXTS } from '../texts';
import { EMAIL_RULE, optionalPhone, OPTIONAL_PHONE_RULES, optionalText } from '../form-values';

interface Props {
  open: boolean;
  childId: string;
  /** The doctor to edit; absent to add one. */
  doctor?: Doctor;
  onClose: () => void;
}

interface FormValues {
  name: string;
  specialty: Specialty;
  phoneNumber: string;
  email: string;
  address: string;
  notes: string;
  isPrimary: boolean;
}

const FIELDS: readonly string[] = ['name', 'specialty', 'phoneNumber', 'email', 'address', 'notes', 'isPrimary'];

export function DoctorDialog({ open, childId, doctor, onClose }: Props) {
  return (
    <Modal
      open={open}
      title={doctor ? 'Edit Doctor' : 'Add Doctor'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <DoctorForm childId={childId} doctor={doctor} onClose={onClose} />
    </Modal>
  );
}

function DoctorForm({ childId, doctor, onClose }: Omit<Props, 'open'>) {
  const [form] = Form.useForm<FormValues>();
  const [addDoctor, addState] = useAddDoctorMutation();
  const [updateDoctor, updateState] = useUpdateDoctorMutation();
  const [reason, setReason] = useState<string>();
  const pending = addState.isLoading || updateState.isLoading;
  const editing = doctor !== undefined;

  const submit = async (values: FormValues) => {
    const input: DoctorInput = {
      name: values.name.trim(),
      specialty: values.specialty,
      phoneNumber: optionalPhone(values.phoneNumber),
      email: optionalText(values.email),
      address: optionalText(values.address),
      notes: optionalText(values.notes),
      isPrimary: values.isPrimary,
    };
    const saved = await saveEntry({
      run: () =>
        editing ? updateDoctor({ id: doctor.id, childId, input }).unwrap() : addDoctor({ childId, input }).unwrap(),
      editing,
      texts: DOCTOR_TEXTS,
      form,
      fields: FIELDS,
      onReason: setReason,
    });
    if (saved) onClose();
  };

  return (
    <Form<FormValues>
      form={form}
      name={editing ? `edit-doctor-${doctor.id}` : 'add-doctor'}
      layout="vertical"
      onFinish={submit}
      disabled={pending}
      initialValues={{
        name: doctor?.name ?? '',
        specialty: doctor?.specialty ?? CARE_HUB_DEFAULTS.specialty,
        phoneNumber: doctor?.phoneNumber ? displayPhone(doctor.phoneNumber) : '',
        email: doctor?.email ?? '',
        address: doctor?.address ?? '',
        notes: doctor?.notes ?? '',
        isPrimary: doctor?.isPrimary ?? false,
      }}
    >
      <Form.Item label="Doctor Name" name="name" rules={[{ required: true, whitespace: true, message: CARE_HUB_TEXT.doctorRequiredName }]}>
        <Input autoComplete="off" maxLength={CARE_HUB_MAX.name} />
      </Form.Item>
      <Form.Item label="Specialty" name="specialty">
        <select className="native-select" disabled={pending}>
          {SPECIALTIES.map((specialty) => (
            <option key={specialty} value={specialty}>
              {SPECIALTY_LABELS[specialty]}
            </option>
          ))}
        </select>
      </Form.Item>
      <Form.Item name="isPrimary" valuePropName="checked">
        <Checkbox>Primary care doctor</Checkbox>
      </Form.Item>
      <Form.Item label="Phone (optional)" name="phoneNumber" validateTrigger="onBlur" rules={OPTIONAL_PHONE_RULES}>
        <Input type="tel" inputMode="tel" autoComplete="off" maxLength={CARE_HUB_MAX.phone} />
      </Form.Item>
      <Form.Item label="Email (optional)" name="email" validateTrigger="onBlur" rules={[EMAIL_RULE]}>
        <Input type="email" autoComplete="off" maxLength={CARE_HUB_MAX.email} />
      </Form.Item>
      <Form.Item label="Address (optional)" name="address">
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={CARE_HUB_MAX.address} />
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
          {pending ? 'Saving...' : 'Save Doctor'}
        </Button>
      </div>
    </Form>
  );
}
