import { DeleteOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { safeLink } from '@carecircle/libs';
import { Button } from 'antd';
import { useId, type ChangeEvent } from 'react';
import { isSessionExpired, serverMessage } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { useUploadImageMutation } from '../../../app/base-api';
import './photo-field.css';

/** The server's limit (POST /api/upload); checked here too so a big photo fails at once. */
const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

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

  const fail = (description: string) => toast({ title: 'Upload Failed', description, variant: 'destructive' });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return fail('Please choose an image file (PNG, JPEG, GIF or WebP).');
    if (file.size > MAX_BYTES) return fail('The image is too large. The limit is 5 MB.');
    onUploadingChange?.(true);
    try {
      const { url } = await upload(file).unwrap();
      onChange(url);
      toast({ title: 'Upload Successful', description: 'Your photo was uploaded.', variant: 'success' });
    } catch (error) {
      if (!isSessionExpired(error)) fail(serverMessage(error) ?? 'Please try again.');
    } finally {
      onUploadingChange?.(false);
    }
  };

  return (
    <div className="photo-field">
      <label htmlFor={inputId} className="photo-field__label">
        {label} <span className="muted">(optional)</span>
      </label>
      {value ? (
        <div className="photo-field__preview">
          <img src={safeLink(value)} alt={`${label} preview`} className="photo-field__image" />
          <Button icon={<DeleteOutlined />} onClick={() => onChange(null)} disabled={disabled}>
            Remove photo
          </Button>
        </div>
      ) : null}
      {/* The native file input (keyboard and screen-reader friendly) sits invisibly over a button-like face. */}
      <div className={disabled || isLoading ? 'photo-field__picker photo-field__picker--disabled' : 'photo-field__picker'}>
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          className="photo-field__input"
          aria-describedby={hintId}
          onChange={choose}
          disabled={disabled || isLoading}
        />
        <span className="photo-field__button" aria-hidden>
          {isLoading ? <LoadingOutlined /> : <UploadOutlined />} {value ? 'Choose another photo' : 'Choose a photo'}
        </span>
      </div>
      <span id={hintId} className="photo-field__hint muted">
        {isLoading ? 'Uploading...' : 'Image files only (PNG, JPEG, GIF or WebP), up to 5 MB.'}
      </span>
    </div>
  );
}
