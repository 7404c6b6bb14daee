import { type Child, type ParsedSchedule } from '@carecircle/libs';
import { Modal } from 'antd';
import { useRef, useState } from 'react';
import { isSessionExpired, reasonOf, serverMessage } from '../../../../shared/api/api-error';
import { toast } from '../../../../shared/ui/toast';
import { useAddChildMutation } from '../../api';
import {
  firstNameOf,
  listedItemsOf,
  reviewRowsOf,
  todayIso,
  type ListedReviewItem,
  type ReviewSchedule,
  type ReviewTask,
  type RoutineTask,
} from '../../recipient-setup';
import { bulkTasksOf } from '../../review-regimen';
import { useCreateBulkTasksMutation } from '../../setup-api';
import { BasicInfoStep, EMPTY_DETAILS, NAME_FIELD_ID, type RecipientDetails } from './basic-info-step';
import { RoutineTasksStep } from './routine-tasks-step';
import { ScheduleStep } from './schedule-step';
import { TaskReviewDialog } from './task-review-dialog';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Told once the recipient and their tasks exist. */
  onAdded: (child: Child) => void;
}

type Step = 1 | 2 | 3;

const NOTHING_PARSED: ParsedSchedule = { tasks: [], asNeeded: [], unscheduled: [] };

/**
 * Add Person (spec document 1, section 2; document 2, sections 2 and 4): basic info, then a pasted
 * schedule, then routine tasks, then the review dialog, whose approve creates the recipient and
 * their repeating tasks.
 */
export function AddPersonDialog({ open, onClose, onAdded }: Props) {
  const [step, setStep] = useState<Step>(1);
  const [details, setDetails] = useState<RecipientDetails>(EMPTY_DETAILS);
  const [scheduleText, setScheduleText] = useState('');
  const [parsed, setParsed] = useState<ParsedSchedule>(NOTHING_PARSED);
  // The review's Start Date (today by default): sent with the parse, which counts the tasks' own dates from it.
  const [startDate, setStartDate] = useState(todayIso);
  const [parsedFrom, setParsedFrom] = useState<string | undefined>(undefined);
  const [routine, setRoutine] = useState<RoutineTask[]>([]);
  const [review, setReview] = useState<{ tasks: ReviewTask[]; listed: ListedReviewItem[] } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A second approve while one runs is ignored; a recipient created before a failed task call is reused on retry.
  const inFlight = useRef(false);
  const created = useRef<Child | null>(null);
  const [addChild] = useAddChildMutation();
  const [createBulkTasks] = useCreateBulkTasksMutation();

  const reset = () => {
    setStep(1);
    setDetails(EMPTY_DETAILS);
    setScheduleText('');
    setParsed(NOTHING_PARSED);
    setStartDate(todayIso());
    setParsedFrom(undefined);
    setRoutine([]);
    setReview(null);
    created.current = null;
  };
  const close = () => {
    if (inFlight.current) return;
    reset();
    onClose();
  };

  const approve = async (tasks: ReviewTask[], listed: ListedReviewItem[], schedule: ReviewSchedule) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    try {
      let child = created.current;
      if (!child) {
        try {
          child = await addChild({
            name: details.name.trim(),
            // An empty date of birth is sent as null (spec document 1, section 5).
            dateOfBirth: details.dateOfBirth ? details.dateOfBirth : null,
            medicalNotes: details.medicalNotes.trim() || null,
            profileImageUrl: details.profileImageUrl,
          }).unwrap();
        } catch (error) {
          if (!isSessionExpired(error)) {
            toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to create care recipient', variant: 'destructive' });
          }
          return;
        }
        created.current = child;
      }
      try {
        // One call: the tasks as reviewed; the server finds or creates and links their medications,
        // and saves the listed ones the caregiver kept ticked.
        await createBulkTasks({ childId: child.id, input: bulkTasksOf(tasks, listed, schedule) }).unwrap();
      } catch (error) {
        if (!isSessionExpired(error)) {
          // Say exactly what was saved: the person is, the tasks are not; approving again adds only the tasks.
          const reason = reasonOf(error) ?? 'Please try again.';
          toast({
            title: 'Tasks not saved',
            description: `${firstNameOf(details.name)} was added, but the tasks were not: ${reason} Approve again to add them, or close and add tasks later.`,
            variant: 'destructive',
            duration: 10,
          });
        }
        return;
      }
      toast({
        title: 'Success!',
        description: `${firstNameOf(details.name)} has been added successfully!`,
        variant: 'success',
      });
      reset();
      onAdded(child);
      onClose();
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return (
    <>
      <Modal
        open={open}
        title="Add Person"
        onCancel={close}
        footer={null}
        mask={{ closable: false }}
        destroyOnHidden
        width={560}
        className="add-person-dialog"
        // The dialog takes focus when it opens; hand it to the first field.
        afterOpenChange={(visible) => {
          if (visible) document.getElementById(NAME_FIELD_ID)?.focus();
        }}
      >
        <p className="wizard-progress" aria-live="polite">
          Step {step} of 3
        </p>
        {step === 1 && (
          <BasicInfoStep
            initial={details}
            onCancel={close}
            onNext={(next) => {
              setDetails(next);
              setStep(2);
            }}
          />
        )}
        {step === 2 && (
          <ScheduleStep
            text={scheduleText}
            startDate={startDate}
            onTextChange={setScheduleText}
            onBack={() => setStep(1)}
            onSkip={() => setStep(3)}
            onParsed={(schedule, from) => {
              setParsed(schedule);
              setParsedFrom(from);
              setStep(3);
            }}
          />
        )}
        {step === 3 && (
          <RoutineTasksStep
            parsedCount={parsed.tasks.length}
            tasks={routine}
            onTasksChange={setRoutine}
            onBack={() => setStep(2)}
            onReview={() => setReview({ tasks: reviewRowsOf(parsed.tasks, routine, parsedFrom), listed: listedItemsOf(parsed) })}
          />
        )}
      </Modal>
      <TaskReviewDialog
        open={review !== null}
        childName={details.name.trim()}
        initialTasks={review?.tasks ?? []}
        initialListed={review?.listed ?? []}
        initialStartDate={startDate}
        onStartDateChange={setStartDate}
        submitting={submitting}
        onCancel={() => {
          if (!inFlight.current) setReview(null);
        }}
        onApprove={approve}
      />
    </>
  );
}
