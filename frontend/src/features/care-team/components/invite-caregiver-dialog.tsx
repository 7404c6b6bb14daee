import { INVITEE_NAME_MAX, TEXT_MAX, type CaregiverInvitationWithLink } from '@carecircle/libs';
import { Button, Checkbox, Form, Input, Modal, Switch } from 'antd';
import { useState } from 'react';
import { isSessionExpired, reasonOf } from '../../../shared/api/api-error';
import { toast } from '../../../shared/ui/toast';
import { useInviteCaregiverMutation } from '../api';
import { CopyLink } from '../../../shared/ui/copy-link';

interface Props {
  open: boolean;
  /** The recipients the user owns: the ones an invitation can share. */
  recipients: { id: string; name: string }[];
  onClose: () => void;
}

interface Values {
  inviteeEmail: string;
  inviteeName?: string;
  childIds: string[];
  canEdit: boolean;
}

/** Invite Caregiver: who, which recipients, whether they may change things. Without email, the link is shown to share by hand. */
export function InviteCaregiverDialog({ open, recipients, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const [invite, { isLoading }] = useInviteCaregiverMutation();
  const [sent, setSent] = useState<CaregiverInvitationWithLink | null>(null);

  const close = () => {
    setSent(null);
    form.resetFields();
    onClose();
  };

  const submit = async (values: Values) => {
    try {
      const invitation = await invite({
        inviteeEmail: values.inviteeEmail.trim(),
        inviteeName: values.inviteeName?.trim() || null,
        childIds: values.childIds,
        canEdit: values.canEdit,
      }).unwrap();
      if (invitation.emailSent) {
        toast({ title: 'Invitation sent', description: `${invitation.inviteeEmail} will get an email with the link.`, variant: 'success' });
        close();
      } else {
        setSent(invitation);
      }
    } catch (error) {
      if (!isSessionExpired(error)) {
        toast({ title: 'Error', description: reasonOf(error) ?? 'Failed to send the invitation. Please try again.', variant: 'destructive' });
      }
    }
  };

  return (
    <Modal open={open} title="Invite Caregiver" onCancel={close} footer={null} destroyOnHidden>
      {sent ? (
        <>
          <p>
            The invitation for <strong>{sent.inviteeEmail}</strong> is ready. No email was sent: share this link with them yourself. It works once, for 7 days.
          </p>
          <CopyLink label="Invitation link" url={sent.acceptUrl} />
          <div className="dialog-actions">
            <Button type="primary" onClick={close}>
              Done
            </Button>
          </div>
        </>
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          name="invite-caregiver"
          initialValues={{ childIds: recipients.map((r) => r.id), canEdit: false }}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item label="Email" name="inviteeEmail" rules={[{ required: true, whitespace: true, message: 'Email is required' }, { type: 'email', message: 'Please enter a valid email address.' }]}>
            <Input type="email" autoComplete="off" maxLength={TEXT_MAX.email} />
          </Form.Item>
          <Form.Item label="Name (optional)" name="inviteeName">
            <Input autoComplete="off" maxLength={INVITEE_NAME_MAX} />
          </Form.Item>
          <Form.Item
            label="Care recipients to share"
            name="childIds"
            // A validator, not `required`: antd would put aria-required on the group, which a group may not carry.
            rules={[{ validator: (_, ids?: string[]) => (ids?.length ? Promise.resolve() : Promise.reject(new Error('Choose at least one care recipient to share.'))) }]}
          >
            <Checkbox.Group role="group" aria-label="Care recipients to share" options={recipients.map((r) => ({ label: r.name, value: r.id }))} className="care-team__checks" />
          </Form.Item>
          <Form.Item label="Can complete and change tasks" name="canEdit" valuePropName="checked" extra="Off: they can see the schedule, contacts and updates but not change them.">
            <Switch />
          </Form.Item>
          <div className="dialog-actions">
            <Button onClick={close}>Cancel</Button>
            <Button type="primary" htmlType="submit" loading={isLoading}>
              {isLoading ? 'Sending...' : 'Send Invitation'}
            </Button>
          </div>
        </Form>
      )}
    </Modal>
  );
}
