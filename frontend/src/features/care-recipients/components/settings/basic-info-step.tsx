import { TEXT_MAX } from '@carecircle/libs';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { todayIso } from '../../recipient-setup';
import { PhotoField } from '../photo-field';

export interface RecipientDetails {
  name: string;
  /** yyyy-mm-dd or ''. */
  dateOfBirth: string;
  medicalNotes: string;
  profileImageUrl: string | null;
}

/** The Name input's id (antd: form name + field name). */
export const NAME_FIELD_ID = 'add-person-details_name';

export const EMPTY_DETAILS: RecipientDetails = { name: '', dateOfBirth: '', medicalNotes: '', profileImageUrl: null };

interface Props {
  initial: RecipientDetails;
  onCancel: () => void;
  onNext: (details: RecipientDetails) => void;
}

type FormValues = Omit<RecipientDetails, 'profileImageUrl'>;

/** Step 1 of 3: Name (required), Date of Birth, Medical Notes, optional profile photo. */
export function BasicInfoStep({ initial, onCancel, onNext }: Props) {
  const [form] = Form.useForm<FormValues>();
  const [photo, setPhoto] = useState<string | null>(initial.profileImageUrl);
  const [uploading, setUploading] = useState(false);

  return (
    <Form<FormValues>
      form={form}
      name="add-person-details"
      layout="vertical"
      initialValues={initial}
      onFinish={(values) =>
        onNext({
          name: values.name.trim(),
          dateOfBirth: values.dateOfBirth ?? '',
          medicalNotes: values.medicalNotes ?? '',
          profileImageUrl: photo,
        })
      }
    >
      <h3 className="wizard-step__title">Basic Information</h3>
      <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: 'Name is required' }]}>
        <Input autoComplete="off" autoFocus maxLength={TEXT_MAX.name} />
      </Form.Item>
      <Form.Item label="Date of Birth" name="dateOfBirth" extra="Optional">
        <Input type="date" max={todayIso()} />
      </Form.Item>
      <Form.Item label="Medical Notes" name="medicalNotes">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} placeholder="Conditions, allergies, anything the care team should know" maxLength={TEXT_MAX.text} />
      </Form.Item>
      <PhotoField label="Profile Photo" value={photo} onChange={setPhoto} onUploadingChange={setUploading} />
      <div className="dialog-actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" htmlType="submit" disabled={uploading}>
          Next: Add Care Schedule
        </Button>
      </div>
    </Form>
  );
}
