import { Button, Modal, Progress } from 'antd';
import { useState } from 'react';
import { toast } from '../../shared/ui/toast';
import { childComplete, contactsComplete, emptyDraft, ONBOARDING_MESSAGES, ONBOARDING_STEPS, submitPlan, type OnboardingDraft } from './onboarding-draft';
import { CaregiverStep } from './steps/caregiver-step';
import { ContactsStep } from './steps/contacts-step';
import { DailyTasksStep } from './steps/daily-tasks-step';
import { MedicationsStep } from './steps/medications-step';
import { RecipientStep } from './steps/recipient-step';
import { WelcomeStep } from './steps/welcome-step';
import { SubmitResults } from './submit-results';
import { failedCalls, useOnboardingSubmit, type SubmitState } from './use-onboarding-submit';
import './onboarding.css';

interface Props {
  open: boolean;
  /** The care team's date (yyyy-mm-dd): repeating tasks start here. */
  today: string;
  onClose: () => void;
}

const LAST = ONBOARDING_STEPS.length;

/**
 * The six-step onboarding wizard (spec document 2, sections 2-5 and 9). Back, Skip (moves on without
 * checking) and Next on steps 1-5; Complete Setup on step 6 submits once, in the spec's order.
 */
export function OnboardingWizard({ open, today, onClose }: Props) {
  const [step, setStep] = useState(1);
  const [draft, setDraft] = useState<OnboardingDraft>(emptyDraft);
  const { state, running, run, reset } = useOnboardingSubmit(draft);
  const set = <K extends keyof OnboardingDraft>(key: K) => (value: OnboardingDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const close = () => {
    if (running) return;
    setStep(1);
    setDraft(emptyDraft());
    reset();
    onClose();
  };

  const finished = (result: SubmitState | null) => {
    if (!result) return;
    if (!result.child) {
      toast({ title: 'Error', description: ONBOARDING_MESSAGES.saveFailed, variant: 'destructive' });
      return;
    }
    const linkToShare = result.invitation && !result.invitation.emailSent;
    if (failedCalls(result).length === 0) {
      toast({ title: 'Success!', description: `${result.child.firstName} has been added successfully!`, variant: 'success' });
      if (!linkToShare) close();
    }
  };

  const complete = async () => finished(await run(state?.calls ?? submitPlan(draft, today)));
  const nextDisabled = (step === 1 && !childComplete(draft.child)) || (step === 5 && !contactsComplete(draft.emergencyContacts));
  const showResults = state !== null && state.child !== null;

  const footer = showResults ? null : (
    <div className="wizard-actions onboarding-actions">
      <Button onClick={() => setStep(step - 1)} disabled={step === 1 || running}>
        Back
      </Button>
      {step < LAST && <Button onClick={() => setStep(step + 1)}>Skip</Button>}
      {step < LAST ? (
        <Button type="primary" disabled={nextDisabled} onClick={() => setStep(step + 1)}>
          Next
        </Button>
      ) : (
        <Button type="primary" loading={running} disabled={!childComplete(draft.child)} onClick={() => void complete()}>
          Complete Setup
        </Button>
      )}
    </div>
  );

  return (
    <Modal
      open={open}
      title={showResults ? 'Setup' : ONBOARDING_STEPS[step - 1]}
      onCancel={close}
      maskClosable={false}
      footer={footer}
      width={560}
      destroyOnHidden
      className="onboarding-wizard"
    >
      <Progress percent={Math.round((step / LAST) * 100)} showInfo={false} aria-label={`Step ${step} of ${LAST}`} />
      <p className="muted onboarding-step-count">
        Step {step} of {LAST}
      </p>
      {showResults ? (
        <SubmitResults state={state} running={running} onRetry={() => void complete()} onFinish={close} />
      ) : (
        <>
          {step === 1 && <RecipientStep value={draft.child} today={today} onChange={set('child')} />}
          {step === 2 && <CaregiverStep value={draft.secondaryCaregiver} onChange={set('secondaryCaregiver')} />}
          {step === 3 && <MedicationsStep medications={draft.medications} today={today} onChange={set('medications')} />}
          {step === 4 && <DailyTasksStep tasks={draft.dailyTasks} onChange={set('dailyTasks')} />}
          {step === 5 && <ContactsStep contacts={draft.emergencyContacts} onChange={set('emergencyContacts')} />}
          {step === 6 && <WelcomeStep draft={draft} />}
        </>
      )}
    </Modal>
  );
}
