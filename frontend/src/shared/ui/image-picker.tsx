import { LoadingOutlined } from './icons';
import type { ChangeEvent, ReactNode } from 'react';
import { isSessionExpired, serverMessage } from '../api/api-error';
import { toast } from './toast';
import './image-picker.css';

/** The server's limit (POST /api/upload); checked here too so a big photo fails at once. */
const MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

interface Props {
  /** Uploads the chosen image, answering its URL (the upload endpoint is the app's). */
  upload: (file: File) => Promise<string>;
  /** An upload is running: the face spins and the input waits. */
  busy: boolean;
  onUploaded: (url: string) => void;
  /** Told while an upload runs, so the form can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
  disabled?: boolean;
  icon: ReactNode;
  text: string;
  id: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
}

/** Picks one image file (PNG, JPEG, GIF or WebP, up to 5 MB) and uploads it at once; a refused file or upload is a toast. */
export function ImagePicker({ upload, busy, onUploaded, onUploadingChange, disabled, icon, text, ...input }: Props) {
  const fail = (description: string) => toast({ title: 'Upload Failed', description, variant: 'destructive' });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return fail('Please choose an image file (PNG, JPEG, GIF or WebP).');
    if (file.size > MAX_BYTES) return fail('The image is too large. The limit is 5 MB.');
    onUploadingChange?.(true);
    try {
      onUploaded(await upload(file));
    } catch (error) {
      if (!isSessionExpired(error)) fail(serverMessage(error) ?? 'Please try again.');
    } finally {
      onUploadingChange?.(false);
    }
  };

  const off = disabled || busy;
  return (
    <div className={off ? 'image-picker image-picker--disabled' : 'image-picker'}>
      <input {...input} type="file" accept={ACCEPT} className="image-picker__input" onChange={choose} disabled={off} />
      <span className="image-picker__face" aria-hidden>
        {busy ? <LoadingOutlined className="plain-icon--spin" /> : icon} {text}
      </span>
    </div>
  );
}
