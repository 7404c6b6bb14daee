import { isOverdue, REPEATING_MESSAGES, type Task } from '@carecircle/libs';
import { Button, Input, Modal, Tabs } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useEarlyDoseQuestion } from '../hooks/use-early-dose-question';
import { useTaskActions } from '../hooks/use-task-actions';
import { EarlyDoseDialog } from './early-dose-dialog';
import { categoryLabel, completedEarly, taskTime } from '../task-display';
import { RepeatingSchedulesDialog } from '../repeating/repeating-schedules-dialog';
import { TaskHistory } from './task-history';

interface Props {
  task: Task | null;
  open: boolean;
  now: Date;
  /** False for a view-only caregiver: no Mark Complete, notes or schedule changes. */
  canEdit: boolean;
  onClose: () => void;
}

/** Details of a task (category, time, status, priority, description, notes) and its History. */
export function TaskDetailsDialog({ task, open, now, canEdit, onClose }: Props) {
  const { complete, isBusy } = useTaskActions();
  const earlyDose = useEarlyDoseQuestion();
  const [tab, setTab] = useState('details');
  const [notes, setNotes] = useState('');
  const [schedules, setSchedules] = useState(false);
  const notesId = useId();

  useEffect(() => {
    if (open) {
      setTab('details');
      setNotes('');
    }
  }, [open, task?.id]);

  if (!task) return null;
  const completed = task.status === 'completed';
  const planned = task.planned === true;
  const status = planned ? 'Planned' : completed ? (completedEarly(task) ? 'Completed early' : 'Completed') : isOverdue(task, now) ? 'Overdue' : 'Pending';

  const markComplete = async () => {
    // A dose more than an hour early is asked about first; Cancel keeps the dialog (and the note) as it was.
    if (!(await earlyDose.confirm(task))) return;
    if (await complete(task, notes)) onClose();
  };

  return (
    <Modal
      open={open}
      title={task.name}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <div className="dialog-actions">
          <Button onClick={onClose}>Close</Button>
          {canEdit && !completed && !planned && (
            <Button type="primary" loading={isBusy} onClick={() => void markComplete()}>
              Mark Complete
            </Button>
          )}
        </div>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'details',
            label: 'Details',
            children: (
              <>
                <dl className="details-list">
                  <dt>Category</dt>
                  <dd>{categoryLabel(task.category)}</dd>
                  <dt>Time</dt>
                  <dd>{taskTime(task)}</dd>
                  <dt>Status</dt>
                  <dd>{status}</dd>
                  <dt>Priority</dt>
                  <dd>{task.isUrgent ? 'Urgent' : 'Normal'}</dd>
                  {task.description && (
                    <>
                      <dt>Description</dt>
                      <dd className="details-list__text">{task.description}</dd>
                    </>
                  )}
                  {completed && task.notes && (
                    <>
                      <dt>Notes</dt>
                      <dd className="details-list__text">{task.notes}</dd>
                    </>
                  )}
                </dl>
                {planned && <p className="muted">{REPEATING_MESSAGES.planned}</p>}
                {task.templateId && (
                  <Button onClick={() => setSchedules(true)}>Repeating Schedule</Button>
                )}
                <RepeatingSchedulesDialog
                  open={schedules}
                  childId={task.childId}
                  childName={task.childName}
                  canEdit={canEdit}
                  firstId={task.templateId}
                  onClose={() => setSchedules(false)}
                />
                {canEdit && !completed && !planned && (
                  <div className="details-notes">
                    <label htmlFor={notesId} className="field-label">
                      Notes (optional)
                    </label>
                    <Input.TextArea
                      id={notesId}
                      value={notes}
                      maxLength={1000}
                      autoSize={{ minRows: 2, maxRows: 6 }}
                      placeholder="e.g. Took it with breakfast"
                      onChange={(event) => setNotes(event.target.value)}
                    />
                  </div>
                )}
              </>
            ),
          },
          {
            key: 'history',
            label: 'History',
            children: tab === 'history' && <TaskHistory task={task} />,
          },
        ]}
      />
      {earlyDose.asking && <EarlyDoseDialog task={earlyDose.asking} onAnswer={earlyDose.answer} />}
    </Modal>
  );
}
