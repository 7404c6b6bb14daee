import { safeLink } from '@carecircle/libs';
import { useId } from 'react';
import { CameraOutlined, DeleteOutlined } from '../../../shared/ui/icons';
import { ImagePicker } from '../../../shared/ui/image-picker';
import { PlainButton } from '../../../shared/ui/plain-button';
import { useUploadImageMutation } from '../../../app/base-api';

interface Props {
  /** The uploaded photo's URL, or null. */
  value: string | null;
  onChange: (url: string | null) => void;
  /** Told while an upload runs, so the form can wait for it. */
  onUploadingChange: (uploading: boolean) => void;
  disabled?: boolean;
}

/** An update's optional photo: uploaded at once, shown as a thumbnail that can be removed. No antd: Today's card shows it first. */
export function UpdatePhotoField({ value, onChange, onUploadingChange, disabled }: Props) {
  const inputId = useId();
  const [upload, { isLoading }] = useUploadImageMutation();

  if (value) {
    return (
      <div className="update-photo">
        <img src={safeLink(value)} alt="Photo to post" className="update-photo__thumb image-preview" />
        <PlainButton icon={<DeleteOutlined />} onClick={() => onChange(null)} disabled={disabled} className="care-updates__button">
          Remove photo
        </PlainButton>
      </div>
    );
  }
  return (
    <ImagePicker
      id={inputId}
      aria-label="Add a photo (optional)"
      upload={async (file) => (await upload(file).unwrap()).url}
      busy={isLoading}
      onUploaded={onChange}
      onUploadingChange={onUploadingChange}
      disabled={disabled}
      icon={<CameraOutlined />}
      text={isLoading ? 'Uploading...' : 'Add photo'}
    />
  );
}
