import { randomUUID } from 'node:crypto';
import { Process, Processor } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Job } from 'bull';
import { Histogram, Registry } from 'prom-client';
import { DEFAULT_TIMEZONE, inQuietHours, instantToLocal, type EscalationStep, type NotificationChannel, type NotificationPreferences } from '@carecircle/libs';
import type { CommandMetadata } from '../../../platform/commands/decider';
import { EmergencyContactsQuery } from '../../care-hub';
import { UsersQuery } from '../../identity';
import { RecordTaskAlert, type AlertDelivery, type TaskAlertCommand, type TaskEvent } from '../../scheduling';
import { escalationText, reminderText } from '../domain/alert-texts';
import { escalationJobId, type ReminderJobData, type ReminderTask, type TaskJobData } from '../domain/reminder-plan';
import { eventNotificationId } from '../read-models/notifications/notifications.projection';
import { NotificationsQuery } from '../read-models/notifications/notifications.query';
import { ReminderTasksQuery, type CareTeam } from '../read-models/reminder-tasks/reminder-tasks.query';
import { AlertSender, taskLink, type ContactAddress } from './alert-sender';
import { AlertSettings } from './alert-settings';
import { REMINDERS_QUEUE, ReminderQueue } from './reminder-queue';

/** Thrown while the read models do not show what the job is about yet: Bull retries. */
export class TaskNotProjectedYet extends Error {}

/** Jobs one worker process handles at once (each mostly waits on PostgreSQL and Redis). */
const CONCURRENCY = 32;

export type ReminderOutcome = 'sent' | 'not-due';

/**
 * The reminder workers' core. A job fires; the worker decides who is alerted by which channels
 * (the care team, their preferences and quiet hours, the family's escalation policy), records that
 * on the task's stream (RecordTaskAlert: the decider refuses a reminder that is no longer due or was
 * already recorded by another worker), and only then sends what it recorded. So a completed task is
 * not reminded, and two workers never send the same reminder twice.
 */
@Injectable()
export class ReminderWorker {
  readonly lateness: Histogram;

  constructor(
    private readonly tasks: ReminderTasksQuery,
    private readonly settings: AlertSettings,
    private readonly commands: CommandBus,
    private readonly sender: AlertSender,
    private readonly queue: ReminderQueue,
    private readonly emergencyContacts: EmergencyContactsQuery,
    private readonly notifications: NotificationsQuery,
    private readonly users: UsersQuery,
    registry: Registry,
  ) {
    this.lateness =
      (registry.getSingleMetric('reminder_lateness_seconds') as Histogram | undefined) ??
      new Histogram({
        name: 'reminder_lateness_seconds',
        help: 'Time from when a reminder or escalation step was due to when a worker recorded it',
        buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60],
        registers: [registry],
      });
  }

  /** One job, at `now` (tests pass a time; Bull hands over due jobs). */
  async run(job: ReminderJobData, now = new Date()): Promise<ReminderOutcome> {
    if (job.kind === 'refill') return this.refill(job, now);
    const found = await this.tasks.withTeam(job.taskId);
    if (!found) throw new TaskNotProjectedYet(`task ${job.taskId} is not in reminder_tasks yet`);
    const { task, team } = found;
    if (task.scheduledTime !== job.scheduledTime) throw new TaskNotProjectedYet(`task ${job.taskId} is at ${task.scheduledTime} in reminder_tasks, the job is for ${job.scheduledTime}`);
    if (task.status !== 'pending' || !team) return 'not-due';
    return job.kind === 'reminder' ? this.remind(job, task, team, now) : this.escalate(job, task, team, now);
  }

  /** Before the time: the primary caregiver and everyone who may give the dose; push and email stay quiet in quiet hours unless urgent. */
  private async remind(job: Extract<TaskJobData, { kind: 'reminder' }>, task: ReminderTask, team: CareTeam, now: Date): Promise<ReminderOutcome> {
    const userIds = [team.primaryUserId, ...team.shared.filter((s) => s.canEdit).map((s) => s.userId)];
    const preferences = await this.settings.preferencesOf(userIds);
    const localNow = instantToLocal(now, task.timezone).time;
    const deliveries: AlertDelivery[] = userIds.map((userId) => {
      const prefs = preferences.get(userId)!;
      const quiet = !task.isUrgent && inQuietHours(prefs.quietHours, localNow);
      return { userId, channels: prefs.pushReminders && !quiet ? ['in_app', 'push'] : ['in_app'] };
    });
    const recorded = await this.record(task.taskId, { type: 'RecordTaskReminder', data: { reminder: job.reminder, scheduledTime: job.scheduledTime, deliveries }, metadata: workerMetadata(now) });
    if (!recorded) return 'not-due';
    this.observe(job);
    await this.sender.send(deliveries, reminderText(job.reminder, task, team.firstName), taskLink(task.taskId));
    return 'sent';
  }

  /** After the time, for urgent tasks: the policy's step, then the next step's job; an acknowledgement or completion ends the chain. */
  private async escalate(job: Extract<TaskJobData, { kind: 'escalation' }>, task: ReminderTask, team: CareTeam, now: Date): Promise<ReminderOutcome> {
    if (!task.isUrgent) return 'not-due';
    const policy = await this.settings.policyOf(team.primaryUserId);
    const step = policy.steps[job.step];
    if (!step) return 'not-due';
    const contacts: ContactAddress[] = step.notify === 'emergency_contacts' ? await this.emergencyContacts.emailsOf(team.primaryUserId) : [];
    const deliveries = await this.escalationDeliveries(step, team, contacts);
    // The next step's job first (its id is fixed, so adding it again keeps one): a crash after the
    // record below could otherwise end the chain, since the retried job finds this step recorded.
    // A next step that is no longer due when it fires records and sends nothing. It comes the
    // policy's interval after this step at the earliest: a task added (or a worker back) long after
    // its time gives the primary caregiver that interval before anyone else is alerted.
    const next = policy.steps[job.step + 1];
    if (next) {
      const minuteMs = this.queue.config.reminderMinuteMs;
      const fireAt = Math.max(Date.parse(job.scheduledTime) + next.afterMinutes * minuteMs, now.getTime() + (next.afterMinutes - step.afterMinutes) * minuteMs);
      await this.queue.add([{ id: escalationJobId(task.taskId, job.step + 1), data: { kind: 'escalation', taskId: task.taskId, step: job.step + 1, scheduledTime: job.scheduledTime, fireAt } }]);
    }
    const recorded = await this.record(task.taskId, {
      type: 'ReachEscalationStep',
      data: { step: job.step, notify: step.notify, scheduledTime: job.scheduledTime, deliveries },
      metadata: workerMetadata(now),
    });
    if (!recorded) return 'not-due';
    this.observe(job);
    await this.sender.send(deliveries, escalationText(job.step, task, team.firstName), taskLink(task.taskId), contacts);
    return 'sent';
  }

  /**
   * A refill reminder by push to the primary caregiver (who got it in the app): its text, opening the
   * recipient's Today (the medications list with Refill). Not urgent: nothing in quiet hours, nothing
   * when they turned push reminders off. Sent at least once (a job run again after a crash may send
   * it twice, the same tag replacing the first on the device).
   */
  private async refill(job: Extract<ReminderJobData, { kind: 'refill' }>, now: Date): Promise<ReminderOutcome> {
    const userId = (await this.tasks.teamOf(job.childId))?.primaryUserId;
    if (!userId) return 'not-due';
    const shown = await this.notifications.byIdFor(userId, eventNotificationId(job.eventId, userId));
    if (!shown) throw new TaskNotProjectedYet(`the refill reminder of event ${job.eventId} is not in notifications yet`);
    const prefs = (await this.settings.preferencesOf([userId])).get(userId)!;
    const zone = (await this.users.byId(userId))?.timezone ?? DEFAULT_TIMEZONE;
    if (!prefs.pushReminders || inQuietHours(prefs.quietHours, instantToLocal(now, zone).time)) return 'not-due';
    this.observe(job);
    await this.sender.send([{ userId, channels: ['push'] }], shown, { path: `/?child=${job.childId}`, tag: `refill-${job.eventId}` });
    return 'sent';
  }

  private async escalationDeliveries(step: EscalationStep, team: CareTeam, contacts: ContactAddress[]): Promise<AlertDelivery[]> {
    if (step.notify === 'emergency_contacts') {
      return step.channels.includes('email') ? contacts.map((c) => ({ contactId: c.contactId, channels: ['email'] })) : [];
    }
    const userIds = step.notify === 'primary' ? [team.primaryUserId] : team.shared.map((s) => s.userId);
    const preferences = await this.settings.preferencesOf(userIds);
    return userIds.map((userId) => ({ userId, channels: allowedChannels(step.channels, preferences.get(userId)!) }));
  }

  private async record(taskId: string, command: TaskAlertCommand): Promise<boolean> {
    const events: TaskEvent[] = await this.commands.execute(new RecordTaskAlert(taskId, command));
    return events.length > 0;
  }

  /** Lateness: from when the job was due to when its alert is recorded (sending follows at once). */
  private observe(job: ReminderJobData): void {
    this.lateness.observe(Math.max(0, Date.now() - job.fireAt) / 1000);
  }
}

/** An urgent alert honours who opted out of push and of overdue emails; in-app always. */
function allowedChannels(channels: NotificationChannel[], prefs: NotificationPreferences): NotificationChannel[] {
  return channels.filter((c) => (c === 'push' ? prefs.pushReminders : c === 'email' ? prefs.emailOverdue : true));
}

const workerMetadata = (now: Date): CommandMetadata => ({ actorId: null, correlationId: randomUUID(), occurredAt: now.toISOString() });

/** Worker role only: Bull hands over due jobs, one worker per job (Bull's lock), retried while the task is not projected yet. */
@Processor(REMINDERS_QUEUE)
export class ReminderProcessor {
  constructor(private readonly worker: ReminderWorker) {}

  @Process({ name: 'reminder', concurrency: CONCURRENCY })
  reminder(job: Job<ReminderJobData>): Promise<ReminderOutcome> {
    return this.worker.run(job.data);
  }

  @Process({ name: 'escalation', concurrency: CONCURRENCY })
  escalation(job: Job<ReminderJobData>): Promise<ReminderOutcome> {
    return this.worker.run(job.data);
  }

  @Process({ name: 'refill', concurrency: 4 })
  refill(job: Job<ReminderJobData>): Promise<ReminderOutcome> {
    return this.worker.run(job.data);
  }
}
