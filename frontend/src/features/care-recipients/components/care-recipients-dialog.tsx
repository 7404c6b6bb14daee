import { DeleteOutlined, EditOutlined, PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Child } from '@carecircle/libs';
import { Avatar, Button, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ageInYears } from '../../../shared/formatting/dates';
import { useGetChildrenQuery } from '../../../app/base-api';
import { recipientInitials, recipientName } from '../recipient-name';
import { RecipientFormDialog } from './recipient-form-dialog';
import { RemoveRecipientDialog } from './remove-recipient-dialog';
import { LoadError } from '../../../shared/ui/load-error';

interface Props {
  open: boolean;
  /** The signed-in caregiver: only a recipient's primary caregiver may remove them (the server's rule). */
  userId: string | undefined;
  onClose: () => void;
}

function describe(child: Child): string {
  const age = ageInYears(child.dateOfBirth);
  const parts = [
    age === null ? null : `${age} ${age === 1 ? 'year' : 'years'} old`,
    child.medicalConditions,
  ].filter(Boolean);
  return parts.join(' · ');
}

/**
 * Lists the care recipients with Add Person, Edit and Delete (spec document 2, Care Recipients
 * dialog), each offered to whoever the server lets do it: Edit with edit rights, Delete to the
 * recipient's primary caregiver.
 */
export function CareRecipientsDialog({ open, userId, onClose }: Props) {
  const { data: recipients = [], isLoading, isError, refetch } = useGetChildrenQuery(undefined, { skip: !open });
  const [formOpen, setFormOpen] = useState(false);
  // Kept while the form closes so its title and fields do not flip to "add" mid-animation.
  const [editing, setEditing] = useState<Child | undefined>(undefined);
  const openForm = (recipient?: Child) => {
    setEditing(recipient);
    setFormOpen(true);
  };
  const [removing, setRemoving] = useState<Child | null>(null);
  // Deleting is offered only while more than one recipient exists.
  const canDelete = recipients.length > 1;

  return (
    <>
      <Modal
        open={open}
        title="Care Recipients"
        onCancel={onClose}
        footer={
          <div className="dialog-actions">
            <Button onClick={onClose}>Done</Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm()}>
              Add Person
            </Button>
          </div>
        }
      >
        {isLoading ? (
          <Skeleton active avatar paragraph={{ rows: 1 }} />
        ) : isError && recipients.length === 0 ? (
          <LoadError title="Could not load care recipients." onRetry={() => refetch()} />
        ) : recipients.length === 0 ? (
          <div className="empty-block">
            <UserAddOutlined className="empty-block__icon" aria-hidden />
            <h3 className="empty-block__title">Add Your First Care Recipient</h3>
            <p className="muted">
              Add the person you care for to track their medications and daily care.
            </p>
          </div>
        ) : (
          <ul className="recipient-list" aria-label="Care recipients">
            {recipients.map((child) => {
              const name = recipientName(child);
              const details = describe(child);
              const canRemove = canDelete && child.primaryCaregiverId === userId;
              return (
                <li key={child.id} className="recipient-list__item">
                  <Avatar className="initials-avatar" aria-hidden>
                    {recipientInitials(child)}
                  </Avatar>
                  <div className="recipient-list__text">
                    <span className="recipient-list__name">{name}</span>
                    {details && <span className="recipient-list__details">{details}</span>}
                  </div>
                  {(child.canEdit || canRemove) && (
                    <div className="recipient-list__actions">
                      {child.canEdit && (
                        <Button size="small" icon={<EditOutlined />} aria-label={`Edit ${name}`} onClick={() => openForm(child)}>
                          Edit
                        </Button>
                      )}
                      {canRemove && (
                        <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${name}`} onClick={() => setRemoving(child)}>
                          Delete
                        </Button>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <p>
          {/* The settings panel adds a person together with their medication schedule and routine. */}
          <Link to="/settings?tab=children">Set up medications and schedules in Settings</Link>
        </p>
      </Modal>
      <RecipientFormDialog
        open={formOpen}
        recipient={editing}
        onClose={() => setFormOpen(false)}
      />
      <RemoveRecipientDialog recipient={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
