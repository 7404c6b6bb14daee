import { CARE_UPDATE_MAX_TEXT, CARE_UPDATE_TEXT, type Child } from '@carecircle/libs';
import { useId, useState, type FormEvent } from 'react';
import { fieldErrors, isSessionExpired, reasonOf } from '../../../shared/api/api-error';
import { LoadingOutlined } from '../../../shared/ui/icons';
import { toast } from '../../../shared/ui/toast';
import { usePostCareUpdateMutation } from '../api';
import { UpdatePhotoField } from './update-photo-field';

/**
 * "Post an update": everyone who sees the recipient may post, view-only caregivers included. Plain
 * HTML and the app's CSS, no antd: it is part of Today's first show (docs/performance.md, issue 27).
 * Same texts, limit and messages as the edit dialog's antd form (update-fields.tsx).
 */
export function PostUpdateForm({ recipient }: { recipient: Child }) {
  const id = useId();
  const [postUpdate, { isLoading }] = usePostCareUpdateMutation();
  const [text, setText] = useState('');
  const [important, setImportant] = useState(false);
  const [photo, setPhoto] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const invalid = errors.length > 0;

  const change = (value: string) => {
    setText(value);
    // As antd's required + whitespace rule, checked on every change.
    setErrors(value.trim() ? [] : [CARE_UPDATE_TEXT.textRequired]);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading || uploading) return;
    if (!text.trim()) {
      setErrors([CARE_UPDATE_TEXT.textRequired]);
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    try {
      const posted = await postUpdate({ childId: recipient.id, input: { text: text.trim(), imageUrl: photo, important } }).unwrap();
      setText('');
      setImportant(false);
      setPhoto(null);
      setErrors([]);
      void toast({
        title: 'Update posted',
        description: posted.important ? `Everyone caring for ${recipient.firstName} was notified.` : undefined,
        variant: 'success',
      });
    } catch (error) {
      // The draft stays; the server's message for the text goes under it, and a toast says why.
      const forText = fieldErrors(error).filter((item) => item.field === 'text').map((item) => item.message);
      if (forText.length > 0) setErrors(forText);
      if (isSessionExpired(error)) return;
      void toast({ title: 'Could not post the update', description: reasonOf(error) ?? 'Please try again.', variant: 'destructive' });
    }
  };

  const describedBy = [invalid && `${id}-errors`, `${id}-count`].filter(Boolean).join(' ');
  return (
    <form className="care-updates__form" onSubmit={(event) => void submit(event)} noValidate>
      <div className={invalid ? 'plain-field plain-field--invalid care-updates__field' : 'plain-field care-updates__field'}>
        <label htmlFor={`${id}-text`} className="plain-field__label">
          Post an update
        </label>
        <textarea
          id={`${id}-text`}
          className="plain-input care-updates__text"
          rows={2}
          maxLength={CARE_UPDATE_MAX_TEXT}
          value={text}
          onChange={(event) => change(event.target.value)}
          disabled={isLoading}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
        <div id={`${id}-count`} className="care-updates__count">
          {text.length} / {CARE_UPDATE_MAX_TEXT}
        </div>
        {invalid && (
          <div id={`${id}-errors`} className="plain-field__errors" role="alert">
            {errors.map((error) => (
              <div key={error}>{error}</div>
            ))}
          </div>
        )}
      </div>
      <div className="care-updates__options">
        <label className="care-updates__important">
          <input type="checkbox" checked={important} onChange={(event) => setImportant(event.target.checked)} disabled={isLoading} />
          <span>Important (notify everyone)</span>
        </label>
        <UpdatePhotoField value={photo} onChange={setPhoto} onUploadingChange={setUploading} disabled={isLoading} />
      </div>
      <button
        type="submit"
        className={isLoading ? 'plain-button plain-button--primary plain-button--md plain-button--loading care-updates__button care-updates__submit' : 'plain-button plain-button--primary plain-button--md care-updates__button care-updates__submit'}
        disabled={uploading}
        aria-busy={isLoading || undefined}
      >
        {isLoading && <LoadingOutlined className="plain-icon--spin" />}
        <span>{isLoading ? 'Posting...' : 'Post'}</span>
      </button>
    </form>
  );
}
