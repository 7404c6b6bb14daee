import type { Task, TaskHistoryEntry } from '@carecircle/libs';
import { Button, Skeleton } from 'antd';
import { useGetTaskHistoryInfiniteQuery } from '../api';
import { dateTimeIn } from '../task-display';
import { LoadError } from '../../../shared/ui/load-error';

const AUDIENCES: Record<string, string> = { primary: 'the primary caregiver', secondary_caregivers: 'secondary caregivers', emergency_contacts: 'emergency contacts' };
const CHANNELS: Record<string, string> = { in_app: 'in the app', push: 'by push', email: 'by email' };

function reminderLabel(reminder: unknown): string {
  const offset = (reminder as { offset?: string | null } | null)?.offset;
  return offset ? `Appointment reminder (${offset} before)` : 'Reminder sent (15 minutes before)';
}

/** "Alerted: Ana Silva (in the app, by push); an emergency contact (by email)". */
function alerted(deliveries: unknown, names: Record<string, string> = {}): string {
  const list = Array.isArray(deliveries) ? (deliveries as { userId?: string; contactId?: string; channels: string[] }[]) : [];
  if (list.length === 0) return 'Nobody to alert at this step';
  const who = list.map((d) => `${d.userId ? (names[d.userId] ?? 'a caregiver') : 'an emergency contact'} (${d.channels.map((c) => CHANNELS[c] ?? c).join(', ')})`);
  return `Alerted: ${who.join('; ')}`;
}

/** What happened, in words an auditor can read; null for events not worth a line. */
function describe(entry: TaskHistoryEntry): { what: string; detail?: string } {
  const data = entry.data;
  const text = (key: string) => (typeof data[key] === 'string' && (data[key] as string).trim() ? (data[key] as string) : undefined);
  switch (entry.type) {
    case 'TaskScheduled':
      return { what: 'Scheduled' };
    case 'TaskCompleted':
      return { what: 'Completed', detail: text('notes') && `Note: ${text('notes')}` };
    case 'TaskUncompleted':
      return { what: 'Marked not done' };
    case 'TaskRemoved':
      return { what: 'Removed', detail: text('reason') && `Reason: ${text('reason')}` };
    case 'TaskUpdated':
      return { what: 'Edited' };
    case 'AppointmentUpdated':
      return { what: 'Appointment edited' };
    case 'TaskBecameUrgentOverdue':
      return { what: 'Became urgent and overdue (caregivers alerted)' };
    case 'TaskReminderSent':
      return { what: reminderLabel(data.reminder), detail: alerted(data.deliveries, entry.alertedNames) };
    case 'TaskEscalationStepReached':
      return { what: `Not done: escalated to ${AUDIENCES[data.notify as string] ?? 'caregivers'}`, detail: alerted(data.deliveries, entry.alertedNames) };
    case 'TaskAlertAcknowledged':
      return { what: 'Alert acknowledged' };
    case 'TaskTemplateScheduleChanged':
      return { what: 'Repeating schedule changed', detail: text('effectiveFrom') && `From ${text('effectiveFrom')}` };
    case 'TaskTemplatePaused':
      return { what: 'Repeating schedule paused' };
    case 'TaskTemplateResumed':
      return { what: 'Repeating schedule resumed' };
    case 'TaskTemplateDeactivated':
      return { what: 'Repeating schedule stopped', detail: text('reason') && `Reason: ${text('reason')}` };
    default:
      return { what: entry.type };
  }
}

/** GET /api/tasks/{id}/history: who did what and when, removal reasons included; "Load more" for the next page. */
export function TaskHistory({ task }: { task: Task }) {
  const { data: pages, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetTaskHistoryInfiniteQuery(task.id);
  const data = pages?.pages.flatMap((page) => page.items);
  if (isLoading) {
    return (
      <div role="status" aria-label="Loading history">
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  }
  if (isError || !data) {
    return (
      <LoadError title="Could not load the history." onRetry={() => refetch()} />
    );
  }
  return (
    <>
    <ol className="task-history" aria-label={`History of ${task.name}`}>
      {data.map((entry) => {
        const { what, detail } = describe(entry);
        return (
          <li key={`${entry.source ?? 'task'}-${entry.revision}`} className="task-history__entry">
            <span className="task-history__what">{what}</span>
            <span className="task-history__who">
              by {entry.actorName ?? (entry.actorId ? 'a former caregiver' : 'CareCircle')} ·{' '}
              <time dateTime={entry.occurredAt}>{dateTimeIn(entry.occurredAt, task.timezone)}</time>
            </span>
            {detail && <span className="task-history__detail">{detail}</span>}
          </li>
        );
      })}
    </ol>
    {hasNextPage && (
      <Button className="task-history__more" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
        Load more
      </Button>
    )}
    </>
  );
}
