import { Form } from 'antd';
import { useState } from 'react';
import { FormActions, LongTextItem } from '../../../../shared/ui/form-fields';
import { PhotoField } from '../photo-field';
import { DateOfBirthItem, RecipientNameItem } from '../recipient-fields';

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
      <RecipientNameItem />
      <DateOfBirthItem label="Date of Birth" />
      <LongTextItem label="Medical Notes" name="medicalNotes" placeholder="Conditions, allergies, anything the care team should know" />
      <PhotoField label="Profile Photo" value={photo} onChange={setPhoto} onUploadingChange={setUploading} />
      <FormActions onCancel={onCancel} submitDisabled={uploading}>
        Next: Add Care Schedule
      </FormActions>
    </Form>
  );
}
