import { CARE_UPDATE_MAX_TEXT, CARE_UPDATE_TEXT, type CareUpdateInput } from '@carecircle/libs';
import { Checkbox, Form, Input, type FormInstance } from 'antd';
import { reasonOf } from '../../../shared/api/api-error';
import { reportSaveError } from '../../../shared/ui/form-server-errors';
import { UpdatePhotoField } from './update-photo-field';

export interface UpdateFormValues {
  text: string;
  important: boolean;
}

interface Props {
  label: string;
  photo: string | null;
  onPhotoChange: (url: string | null) => void;
  onUploadingChange: (uploading: boolean) => void;
  disabled: boolean;
  autoFocus?: boolean;
}

/** The fields of the post form and the edit dialog: the text (at most 2000 characters), Important, a photo. */
export function UpdateFields({ label, photo, onPhotoChange, onUploadingChange, disabled, autoFocus }: Props) {
  return (
    <>
      <Form.Item label={label} name="text" rules={[{ required: true, whitespace: true, message: CARE_UPDATE_TEXT.textRequired }]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={CARE_UPDATE_MAX_TEXT} showCount autoFocus={autoFocus} />
      </Form.Item>
      <div className="care-updates__options">
        <Form.Item name="important" valuePropName="checked" noStyle>
          <Checkbox className="care-updates__important">Important (notify everyone)</Checkbox>
        </Form.Item>
        <UpdatePhotoField value={photo} onChange={onPhotoChange} onUploadingChange={onUploadingChange} disabled={disabled} />
      </div>
    </>
  );
}

export const toInput = (values: UpdateFormValues, photo: string | null): CareUpdateInput => ({
  text: values.text.trim(),
  imageUrl: photo,
  important: values.important === true,
});

/** A refused save: the server's field messages under the fields, and a toast saying why. */
export function showSaveError(form: FormInstance<UpdateFormValues>, error: unknown, title: string): void {
  reportSaveError(form, error, ['text'], { title, description: reasonOf(error) ?? 'Please try again.' });
}
