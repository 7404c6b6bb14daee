import { COMMUNITY_LIMITS } from '@carecircle/libs';
import { Button } from 'antd';
import { useState } from 'react';
import { serverMessage } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { useAddCommentMutation } from '../api';
import { sendable } from '../logic/text-limit';
import { AnonymousSwitch } from './anonymous-switch';
import { LimitedField } from './limited-field';

interface Props {
  groupId: string;
  postId: string;
  /** A reply to this top-level comment; a comment on the post when absent. */
  parent?: { id: string; authorName: string };
  onDone?: () => void;
  onCancel?: () => void;
}

/** A comment on a post, or a reply to a top-level comment: the text with its counter, Post anonymously, and Send. */
export function CommentBox({ groupId, postId, parent, onDone, onCancel }: Props) {
  const [body, setBody] = useState('');
  const [isAnonymous, setAnonymous] = useState(false);
  const [add, { isLoading }] = useAddCommentMutation();
  const ready = sendable(body, COMMUNITY_LIMITS.commentMax);
  const label = parent ? `Reply to ${parent.authorName}` : 'Write a comment';

  const submit = async () => {
    if (!ready || isLoading) return;
    try {
      await add({ groupId, postId, body: body.trim(), isAnonymous, ...(parent ? { parentCommentId: parent.id } : {}) }).unwrap();
      void toast({ title: parent ? 'Reply posted' : 'Comment posted', variant: 'success' });
      setBody('');
      setAnonymous(false);
      onDone?.();
    } catch (error) {
      void toast({ title: parent ? 'Could not reply' : 'Could not comment', description: serverMessage(error) ?? 'Please check your connection and try again.', variant: 'destructive' });
    }
  };

  return (
    <form
      className={parent ? 'comment-box comment-box--reply' : 'comment-box'}
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <LimitedField label={label} value={body} max={COMMUNITY_LIMITS.commentMax} rows={2} autoFocus={Boolean(parent)} onChange={setBody} />
      <AnonymousSwitch checked={isAnonymous} onChange={setAnonymous} label={parent ? 'Reply anonymously' : 'Comment anonymously'} />
      <div className="dialog-actions">
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
        <Button type="primary" htmlType="submit" disabled={!ready} loading={isLoading}>
          {parent ? 'Send reply' : 'Send comment'}
        </Button>
      </div>
    </form>
  );
}
