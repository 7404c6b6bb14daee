import { EditOutlined } from '@ant-design/icons';
import { COMMUNITY_LIMITS } from '@carecircle/libs';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { serverMessage } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { useCreatePostMutation } from '../api';
import { sendable } from '../logic/text-limit';
import { AnonymousSwitch } from './anonymous-switch';
import { LimitedField } from './limited-field';

const EMPTY = { title: '', body: '', isAnonymous: false };

/**
 * New post: the button and its dialog (title, body, Post anonymously, a counter for each limit). What
 * was typed stays when the dialog is closed or the post is refused, and is cleared once posted.
 */
export function PostComposer({ groupId, groupName }: { groupId: string; groupName: string }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(EMPTY);
  const [create, { isLoading }] = useCreatePostMutation();
  const ready = sendable(draft.title, COMMUNITY_LIMITS.titleMax) && sendable(draft.body, COMMUNITY_LIMITS.bodyMax);

  const submit = async () => {
    if (!ready) return;
    try {
      await create({ groupId, title: draft.title.trim(), body: draft.body.trim(), isAnonymous: draft.isAnonymous }).unwrap();
      void toast({ title: 'Posted', description: draft.isAnonymous ? `Your post is in ${groupName}, shown as Anonymous.` : `Your post is in ${groupName}.`, variant: 'success' });
      setDraft(EMPTY);
      setOpen(false);
    } catch (error) {
      void toast({ title: 'Could not post', description: serverMessage(error) ?? 'Please check your connection and try again.', variant: 'destructive' });
    }
  };

  return (
    <>
      <Button type="primary" icon={<EditOutlined aria-hidden />} className="group-page__new-post" onClick={() => setOpen(true)}>
        New post
      </Button>
      <Modal
        open={open}
        title={`New post in ${groupName}`}
        onCancel={() => setOpen(false)}
        footer={
          <div className="dialog-actions">
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="primary" disabled={!ready} loading={isLoading} onClick={() => void submit()}>
              Post
            </Button>
          </div>
        }
      >
        <form
          className="composer"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <LimitedField label="Title" value={draft.title} max={COMMUNITY_LIMITS.titleMax} autoFocus onChange={(title) => setDraft({ ...draft, title })} />
          <LimitedField label="Your post" value={draft.body} max={COMMUNITY_LIMITS.bodyMax} rows={5} onChange={(body) => setDraft({ ...draft, body })} />
          <AnonymousSwitch checked={draft.isAnonymous} onChange={(isAnonymous) => setDraft({ ...draft, isAnonymous })} />
        </form>
      </Modal>
    </>
  );
}
