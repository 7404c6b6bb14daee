import { CameraOutlined, DeleteOutlined, LoadingOutlined } from '@ant-design/icons';
import { safeLink } from '@carecircle/libs';
import { Button } from 'antd';
import { useId, type ChangeEvent } from 'react';
import { isSessionExpired, serverMessage } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { useUploadImageMutation } from '../../../app/base-api';

/** The server's limit (POST /api/upload); checked here too so a big photo fails at once. */
const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

interface Props {
  /** The uploaded photo's URL, or null. */
  value: string | null;
  onChange: (url: string | null) => void;
  /** Told while an upload runs, so the form can wait for it. */
  onUploadingChange: (uploading: boolean) => void;
  disabled?: boolean;
}

/** An update's optional photo: uploaded at once, shown as a thumbnail that can be removed. */
export function UpdatePhotoField({ value, onChange, onUploadingChange, disabled }: Props) {
  const inputId = useId();
  const [upload, { isLoading }] = useUploadImageMutation();
  const fail = (description: string) => toast({ title: 'Upload Failed', description, variant: 'destructive' });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return fail('Please choose an image file (PNG, JPEG, GIF or WebP).');
    if (file.size > MAX_BYTES) return fail('The image is too large. The limit is 5 MB.');
    onUploadingChange(true);
    try {
      onChange((await upload(file).unwrap()).url);
    } catch (error) {
      if (!isSessionExpired(error)) fail(serverMessage(error) ?? 'Please try again.');
    } finally {
      onUploadingChange(false);
    }
  };

  if (value) {
    return (
      <div className="update-photo">
        <img src={safeLink(value)} alt="Photo to post" className="update-photo__thumb" />
        <Button icon={<DeleteOutlined />} onClick={() => onChange(null)} disabled={disabled} className="care-updates__button">
          Remove photo
        </Button>
      </div>
    );
  }
  const off = disabled || isLoading;
  return (
    // The native file input (keyboard and screen-reader friendly) sits invisibly over a button-like face.
    <div className={off ? 'update-photo__picker update-photo__picker--disabled' : 'update-photo__picker'}>
      <input id={inputId} type="file" accept={ACCEPT} className="update-photo__input" aria-label="Add a photo (optional)" onChange={choose} disabled={off} />
      <span className="update-photo__face" aria-hidden>
        {isLoading ? <LoadingOutlined /> : <CameraOutlined />} {isLoading ? 'Uploading...' : 'Add photo'}
      </span>
    </div>
  );
}
