import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { safeLink } from '@carecircle/libs';
import { Button } from 'antd';
import { useId } from 'react';
import { ImagePicker } from '../../../shared/ui/image-picker';
import { toast } from '../../../shared/ui/toast';
import { useUploadImageMutation } from '../../../app/base-api';
import './photo-field.css';

interface Props {
  label: string;
  /** The uploaded image's URL, or null. */
  value: string | null;
  onChange: (url: string | null) => void;
  /** Told while an upload runs, so the form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
  disabled?: boolean;
}

/** An optional photo: image files only, uploaded at once, with a preview and a way to remove it. */
export function PhotoField({ label, value, onChange, onUploadingChange, disabled }: Props) {
  const inputId = useId();
  const hintId = useId();
  const [upload, { isLoading }] = useUploadImageMutation();

  const uploaded = (url: string) => {
    onChange(url);
    toast({ title: 'Upload Successful', description: 'Your photo was uploaded.', variant: 'success' });
  };

  return (
    <div className="photo-field">
      <label htmlFor={inputId} className="photo-field__label">
        {label} <span className="muted">(optional)</span>
      </label>
      {value ? (
        <div className="photo-field__preview">
          <img src={safeLink(value)} alt={`${label} preview`} className="photo-field__image image-preview" />
          <Button icon={<DeleteOutlined />} onClick={() => onChange(null)} disabled={disabled}>
            Remove photo
          </Button>
        </div>
      ) : null}
      <ImagePicker
        id={inputId}
        aria-describedby={hintId}
        upload={async (file) => (await upload(file).unwrap()).url}
        busy={isLoading}
        onUploaded={uploaded}
        onUploadingChange={onUploadingChange}
        disabled={disabled}
        icon={<UploadOutlined />}
        text={value ? 'Choose another photo' : 'Choose a photo'}
      />
      <span id={hintId} className="photo-field__hint muted">
        {isLoading ? 'Uploading...' : 'Image files only (PNG, JPEG, GIF or WebP), up to 5 MB.'}
      </span>
    </div>
  );
}
