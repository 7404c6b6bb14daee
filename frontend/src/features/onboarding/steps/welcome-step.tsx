import { Alert } from 'antd';
import { GroupSuggestion } from './group-suggestion';
import { childComplete, contactsToSend, type OnboardingDraft } from '../onboarding-draft';

/** Step 6: what Complete Setup will save. */
export function WelcomeStep({ draft }: { draft: OnboardingDraft }) {
  const name = `${draft.child.firstName.trim()} ${draft.child.lastName.trim()}`.trim();
  const contacts = contactsToSend(draft.emergencyContacts);
  return (
    <div>
      <h3 className="wizard-step__title">Ready to start</h3>
      {!childComplete(draft.child) ? (
        <Alert type="warning" showIcon message="Go back to step 1 and enter the first name, last name and date of birth to finish." />
      ) : (
        <>
          <p>Complete Setup saves:</p>
          <ul className="onboarding-summary">
            <li>{name}</li>
            <li>{draft.medications.length} medication schedule(s)</li>
            <li>{draft.dailyTasks.length} daily task(s)</li>
            <li>{contacts.length} emergency contact(s)</li>
            {draft.secondaryCaregiver.email.trim() !== '' && <li>An invitation to {draft.secondaryCaregiver.email.trim()}</li>}
          </ul>
          <p className="muted">You can change all of this later in Settings and the Care Hub.</p>
          <GroupSuggestion condition={draft.child.condition} />
        </>
      )}
    </div>
  );
}
