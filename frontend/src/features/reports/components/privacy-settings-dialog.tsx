import type { CareTeamCaregiver, Child, User } from '@carecircle/libs';
import { Modal, Tag } from 'antd';

/**
 * Privacy Settings: what is shared with whom, from reads the app already has (the recipients the user
 * sees, and, for a primary caregiver, the secondary caregivers of their recipients). Changing access
 * stays in Secondary Caregivers; this dialog only shows it.
 */
export function PrivacySettingsDialog({ user, recipients, caregivers, onClose }: { user: User; recipients: Child[]; caregivers: CareTeamCaregiver[] | undefined; onClose: () => void }) {
  const own = recipients.filter((child) => child.primaryCaregiverId === user.id);
  const shared = recipients.filter((child) => child.primaryCaregiverId !== user.id);
  const withAccessTo = (childId: string) => (caregivers ?? []).flatMap((c) => c.children.filter((ch) => ch.childId === childId).map((ch) => ({ ...c, canEdit: ch.canEdit })));
  return (
    <Modal open title="Privacy Settings" onCancel={onClose} footer={null} destroyOnHidden>
      <div className="privacy-settings">
        {own.length > 0 && (
          <section aria-labelledby="privacy-own-title">
            <h4 id="privacy-own-title">People you care for</h4>
            <ul className="privacy-settings__list">
              {own.map((child) => {
                const people = withAccessTo(child.id);
                return (
                  <li key={child.id} aria-label={child.name}>
                    <strong>{child.name}</strong>
                    {people.length === 0 ? (
                      <p>Only you can see {child.firstName || child.name}.</p>
                    ) : (
                      <ul>
                        {people.map((person) => (
                          <li key={person.userId}>
                            {person.name} ({person.email}) <Tag color={person.canEdit ? 'blue' : 'default'}>{person.canEdit ? 'Can view and edit' : 'Can view'}</Tag>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ul>
            <p>
              Your family's emergency contacts are visible to every caregiver you share someone with; only you can change them. Doctors, family support,
              medications, tasks with their history and care updates of a person are visible to everyone who can see that person.
            </p>
          </section>
        )}
        {shared.length > 0 && (
          <section aria-labelledby="privacy-shared-title">
            <h4 id="privacy-shared-title">Shared with you</h4>
            <ul className="privacy-settings__list">
              {shared.map((child) => (
                <li key={child.id} aria-label={child.name}>
                  <strong>{child.name}</strong> <Tag color={child.canEdit ? 'blue' : 'default'}>{child.canEdit ? 'You can view and edit' : 'You can view'}</Tag>
                </li>
              ))}
            </ul>
            <p>You also see the emergency contacts of the families who share someone with you. Your tasks, notes and updates about them are visible to their family.</p>
          </section>
        )}
        {recipients.length === 0 && <p>You have not added anyone yet, and no one has shared anyone with you. Nothing is shared.</p>}
        <p className="privacy-settings__note">The caregivers you share with, and the families who share with you, see your name and email.</p>
      </div>
    </Modal>
  );
}
