import { UserAddOutlined } from '@ant-design/icons';
import type { CaregiverInvitation, CaregiverInvitationWithLink, CareTeamCaregiver } from '@carecircle/libs';
import { Button, Modal, Skeleton, Switch, Tag } from 'antd';
import { useState } from 'react';
import { isSessionExpired, reasonOf } from '../../../shared/api/api-error';
import { CopyLink } from '../../../shared/ui/copy-link';
import { LoadError } from '../../../shared/ui/load-error';
import { toast } from '../../../shared/ui/toast';
import {
  useChangeCaregiverAccessMutation,
  useGetCaregiversQuery,
  useGetInvitationsQuery,
  useRemoveCaregiverMutation,
  useRenewInvitationLinkMutation,
  useRevokeInvitationMutation,
} from '../api';
import { InviteCaregiverDialog } from './invite-caregiver-dialog';
import './care-team.css';
import { SectionHeader } from '../../../shared/ui/section-header';

interface Props {
  /** The recipients the user owns (the only ones they can share). */
  recipients: { id: string; name: string }[];
}

const failed = (error: unknown, fallback: string) => {
  if (!isSessionExpired(error)) toast({ title: 'Error', description: reasonOf(error) ?? fallback, variant: 'destructive' });
};

/**
 * Secondary Caregivers (account tab, primary caregivers only): who sees which recipient, with an edit
 * switch per recipient and Remove, the invitations still open with Copy link and Revoke, and Invite
 * Caregiver. A change takes effect with the caregiver's next request.
 */
export function SecondaryCaregiversPanel({ recipients }: Props) {
  const caregivers = useGetCaregiversQuery();
  const invitations = useGetInvitationsQuery();
  const [inviting, setInviting] = useState(false);
  const open = (invitations.data ?? []).filter((invitation) => invitation.status === 'pending' || invitation.status === 'expired');

  return (
    <section className="care-team" aria-labelledby="care-team-title">
      <SectionHeader block="care-team" titleId="care-team-title" title="Secondary Caregivers">
        <Button type="primary" icon={<UserAddOutlined />} disabled={recipients.length === 0} onClick={() => setInviting(true)}>
          Invite Caregiver
        </Button>
      </SectionHeader>
      {recipients.length === 0 && <p className="muted">Add a care recipient before inviting a caregiver.</p>}
      {caregivers.isLoading || invitations.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : caregivers.isError || invitations.isError ? (
        <LoadError title="Could not load your care team." onRetry={() => void Promise.all([caregivers.refetch(), invitations.refetch()])} />
      ) : (
        <>
          {(caregivers.data ?? []).length === 0 && open.length === 0 && <p className="muted">No one else helps with care yet. Invite a partner, grandparent or babysitter.</p>}
          <ul className="care-team__list" aria-label="Caregivers">
            {(caregivers.data ?? []).map((caregiver) => (
              <CaregiverItem key={caregiver.userId} caregiver={caregiver} />
            ))}
          </ul>
          {open.length > 0 && (
            <>
              <h3 className="care-team__subtitle">Invitations</h3>
              <ul className="care-team__list" aria-label="Invitations">
                {open.map((invitation) => (
                  <InvitationItem key={invitation.id} invitation={invitation} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
      <InviteCaregiverDialog open={inviting} recipients={recipients} onClose={() => setInviting(false)} />
    </section>
  );
}

function CaregiverItem({ caregiver }: { caregiver: CareTeamCaregiver }) {
  const [change, { isLoading: changing }] = useChangeCaregiverAccessMutation();
  const [remove, { isLoading: removing }] = useRemoveCaregiverMutation();
  const [confirming, setConfirming] = useState<{ childId: string; name: string } | null>(null);

  return (
    <li className="care-team__item">
      <div className="care-team__who">
        <strong>{caregiver.name}</strong>
        <span className="muted">{caregiver.email}</span>
      </div>
      <ul className="care-team__children" aria-label={`What ${caregiver.name} sees`}>
        {caregiver.children.map((child) => (
          <li key={child.childId} className="care-team__child">
            <span>{child.name}</span>
            <label className="care-team__switch">
              <Switch
                size="small"
                checked={child.canEdit}
                loading={changing}
                aria-label={`${caregiver.name} can make changes for ${child.name}`}
                onChange={(canEdit) =>
                  change({ childId: child.childId, userId: caregiver.userId, canEdit })
                    .unwrap()
                    .catch((error: unknown) => failed(error, 'Failed to change access. Please try again.'))
                }
              />
              <span aria-hidden>Can edit</span>
            </label>
            <Button size="small" danger onClick={() => setConfirming({ childId: child.childId, name: child.name })} aria-label={`Remove ${caregiver.name}'s access to ${child.name}`}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <Modal
        open={confirming !== null}
        title="Remove access?"
        okText={removing ? 'Removing...' : 'Remove'}
        okButtonProps={{ danger: true, loading: removing }}
        onCancel={() => setConfirming(null)}
        onOk={() =>
          confirming &&
          remove({ childId: confirming.childId, userId: caregiver.userId })
            .unwrap()
            .then(() => {
              toast({ title: 'Access removed', description: `${caregiver.name} no longer sees ${confirming.name}.`, variant: 'success' });
              setConfirming(null);
            })
            .catch((error: unknown) => failed(error, 'Failed to remove access. Please try again.'))
        }
      >
        {confirming && (
          <p>
            {caregiver.name} will no longer see {confirming.name}’s schedule, contacts and updates, from their next action on.
          </p>
        )}
      </Modal>
    </li>
  );
}

function InvitationItem({ invitation }: { invitation: CaregiverInvitation }) {
  const [renew, { isLoading: renewing }] = useRenewInvitationLinkMutation();
  const [revoke, { isLoading: revoking }] = useRevokeInvitationMutation();
  const [link, setLink] = useState<CaregiverInvitationWithLink | null>(null);
  const who = invitation.inviteeName ? `${invitation.inviteeName} (${invitation.inviteeEmail})` : invitation.inviteeEmail;
  const expires = new Date(invitation.expiresAt).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

  return (
    <li className="care-team__item">
      <div className="care-team__who">
        <strong>{who}</strong>
        <span className="muted">
          {invitation.children.map((child) => child.name).join(', ')} · {invitation.canEdit ? 'can edit' : 'view only'} ·{' '}
          {invitation.status === 'expired' ? <Tag color="default">Expired</Tag> : `expires ${expires}`}
        </span>
      </div>
      <div className="care-team__actions">
        <Button
          size="small"
          loading={renewing}
          onClick={() =>
            renew(invitation.id)
              .unwrap()
              .then(setLink)
              .catch((error: unknown) => failed(error, 'Failed to create a link. Please try again.'))
          }
        >
          {invitation.status === 'expired' ? 'New link' : 'Copy link'}
        </Button>
        <Button
          size="small"
          danger
          loading={revoking}
          aria-label={`Revoke the invitation for ${invitation.inviteeEmail}`}
          onClick={() =>
            revoke(invitation.id)
              .unwrap()
              .then(() => toast({ title: 'Invitation revoked', description: 'The link no longer works.', variant: 'success' }))
              .catch((error: unknown) => failed(error, 'Failed to revoke the invitation. Please try again.'))
          }
        >
          Revoke
        </Button>
      </div>
      {link && (
        <div className="care-team__link">
          <p className="muted">A new link was made; the one sent before no longer works.</p>
          <CopyLink label={`Invitation link for ${invitation.inviteeEmail}`} url={link.acceptUrl} />
        </div>
      )}
    </li>
  );
}
