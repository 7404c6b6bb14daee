import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Histogram, Registry } from 'prom-client';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { DEFAULT_TIMEZONE, inQuietHours, instantToLocal, type EscalationPolicy, type EscalationStep, type NotificationChannel, type NotificationPreferences } from '@carecircle/libs';
import type { CommandMetadata } from '../../../platform/commands/decider';
import { EmergencyContactsQuery } from '../../care-hub';
import { UsersQuery } from '../../identity';
import { RecordTaskAlerts, type AlertDelivery, type TaskAlertCommand, type TaskEvent } from '../../scheduling';
import { escalationText, reminderText } from '../domain/alert-texts';
import { escalationJobId, type PlannedJob, type ReminderJobData, type ReminderTask, type TaskJobData } from '../domain/reminder-plan';
import { eventNotificationId } from '../read-models/notifications/notifications.projection';
import { NotificationsQuery } from '../read-models/notifications/notifications.query';
import { ReminderTasksQuery, type CareTeam, type TaskWithTeam } from '../read-models/reminder-tasks/reminder-tasks.query';
import { AlertSender, taskLink, type Alert, type ContactAddress } from './alert-sender';
import { AlertSettings } from './alert-settings';
import { ReminderJobs } from './reminder-jobs';

/** Thrown while the read models do not show what the job is about yet: the job is claimed again a second later. */
export class TaskNotProjectedYet extends Error {}

export type ReminderOutcome = 'sent' | 'not-due';

/** A job's alert once decided: what to record on the task's stream, and what to send once recorded. */
interface PlannedAlert {
  taskId: string;
  command: TaskAlertCommand;
  alert: Alert;
  /** The job of the escalation's next step. */
  next?: PlannedJob;
}

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
  private readonly log = new Logger(ReminderWorker.name);

  constructor(
    private readonly tasks: ReminderTasksQuery,
    private readonly settings: AlertSettings,
    private readonly commands: CommandBus,
    private readonly sender: AlertSender,
    private readonly jobs: ReminderJobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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

  /** One job, at `now` (tests pass a time; the workers claim due jobs in batches, through runBatch). */
  async run(job: ReminderJobData, now = new Date()): Promise<ReminderOutcome> {
    const [outcome] = await this.runBatch([job], now);
    if (outcome.status === 'rejected') throw outcome.reason;
    return outcome.value;
  }

  /**
   * Jobs due together (a whole region's 8:00 reminders): what they need is read once for the batch
   * (their tasks with care teams in one query, the families' policies, the caregivers' preferences in
   * one query), then every alert is recorded on its own task stream, all in one append
   * (RecordTaskAlerts), and each is sent once recorded. Answers each job's outcome in order: a job
   * whose task is not projected yet fails alone (it is claimed again later), and a batch run again records
   * nothing twice (the decider refuses it).
   */
  async runBatch(jobs: ReminderJobData[], now = new Date()): Promise<PromiseSettledResult<ReminderOutcome>[]> {
    let context: BatchContext;
    try {
      context = await this.read(jobs);
    } catch (error) {
      return jobs.map(() => ({ status: 'rejected', reason: error }));
    }
    const planned = await Promise.allSettled(jobs.map((job) => this.plan(job, context, now)));
    await this.addNextSteps(planned);
    const alerts = planned.flatMap((outcome, i) => (outcome.status === 'fulfilled' && typeof outcome.value === 'object' ? [{ i, alert: outcome.value }] : []));
    const recorded = new Map<number, PromiseSettledResult<TaskEvent[]>>();
    if (alerts.length > 0) {
      const outcomes = await this.commands
        .execute(new RecordTaskAlerts(alerts.map(({ alert }) => ({ taskId: alert.taskId, command: alert.command }))))
        .catch((error: unknown) => alerts.map((): PromiseRejectedResult => ({ status: 'rejected', reason: error })));
      alerts.forEach(({ i }, k) => recorded.set(i, outcomes[k]));
    }
    const toSend: Alert[] = [];
    const outcomes = jobs.map((job, i): PromiseSettledResult<ReminderOutcome> => {
      const outcome = planned[i];
      if (outcome.status === 'rejected') return outcome;
      if (typeof outcome.value === 'string') return { status: 'fulfilled', value: outcome.value };
      const record = recorded.get(i)!;
      if (record.status === 'rejected') return record;
      if (record.value.length === 0) return { status: 'fulfilled', value: 'not-due' };
      this.observe(job);
      toSend.push(outcome.value.alert);
      return { status: 'fulfilled', value: 'sent' };
    });
    // Only what was recorded is sent, all of it together (the push subscriptions read once).
    await this.sender.sendAll(toSend).catch((error: Error) => this.log.warn(`alerts recorded but not all sent: ${error.message}`));
    return outcomes;
  }

  /**
   * The escalations' next-step jobs, in one write, before their steps are recorded (a known id is
   * kept, so adding it again changes nothing): a crash after the record could otherwise end the
   * chain, since the job run again finds its step recorded. When the write fails, those alerts fail
   * (and are run again) without being recorded.
   */
  private async addNextSteps(planned: PromiseSettledResult<PlannedAlert | ReminderOutcome>[]): Promise<void> {
    const next = planned.flatMap((outcome) => (outcome.status === 'fulfilled' && typeof outcome.value === 'object' && outcome.value.next ? [outcome.value.next] : []));
    if (next.length === 0) return;
    try {
      await this.jobs.add(next);
    } catch (error) {
      planned.forEach((outcome, i) => {
        if (outcome.status === 'fulfilled' && typeof outcome.value === 'object' && outcome.value.next) planned[i] = { status: 'rejected', reason: error };
      });
    }
  }

  private async read(jobs: ReminderJobData[]): Promise<BatchContext> {
    const taskJobs = jobs.filter((job): job is TaskJobData => job.kind !== 'refill');
    const tasks = await this.tasks.withTeams(taskJobs.map((job) => job.taskId));
    const alerted = taskJobs.flatMap((job) => {
      const found = tasks.get(job.taskId);
      return found?.team && found.task.status === 'pending' ? [{ job, task: found.task, team: found.team }] : [];
    });
    const families = new Set(alerted.filter(({ job, task }) => job.kind === 'escalation' && task.isUrgent).map(({ team }) => team.primaryUserId));
    const policies = new Map(await Promise.all([...families].map(async (userId) => [userId, await this.settings.policyOf(userId)] as const)));
    const userIds = new Set(
      alerted.flatMap(({ job, team }) => {
        if (job.kind === 'reminder') return reminderAudience(team);
        const step = policies.get(team.primaryUserId)?.steps[job.step];
        return step ? stepAudience(step, team) : [];
      }),
    );
    return { tasks, policies, preferences: await this.settings.preferencesOf([...userIds]) };
  }

  /** A job's alert to record, or its outcome when there is none to record (a refill reminder is sent here). */
  private async plan(job: ReminderJobData, context: BatchContext, now: Date): Promise<PlannedAlert | ReminderOutcome> {
    if (job.kind === 'refill') return this.refill(job, now);
    const found = context.tasks.get(job.taskId);
    if (!found) throw new TaskNotProjectedYet(`task ${job.taskId} is not in reminder_tasks yet`);
    const { task, team } = found;
    if (task.scheduledTime !== job.scheduledTime) throw new TaskNotProjectedYet(`task ${job.taskId} is at ${task.scheduledTime} in reminder_tasks, the job is for ${job.scheduledTime}`);
    if (task.status !== 'pending' || !team) return 'not-due';
    return job.kind === 'reminder' ? this.remind(job, task, team, context, now) : this.escalate(job, task, team, context, now);
  }

  /** Before the time: the primary caregiver and everyone who may give the dose; push and email stay quiet in quiet hours unless urgent. */
  private remind(job: Extract<TaskJobData, { kind: 'reminder' }>, task: ReminderTask, team: CareTeam, { preferences }: BatchContext, now: Date): PlannedAlert {
    const localNow = instantToLocal(now, task.timezone).time;
    const deliveries: AlertDelivery[] = reminderAudience(team).map((userId) => {
      const prefs = preferences.get(userId)!;
      const quiet = !task.isUrgent && inQuietHours(prefs.quietHours, localNow);
      return { userId, channels: prefs.pushReminders && !quiet ? ['in_app', 'push'] : ['in_app'] };
    });
    return {
      taskId: task.taskId,
      command: { type: 'RecordTaskReminder', data: { reminder: job.reminder, scheduledTime: job.scheduledTime, deliveries }, metadata: workerMetadata(now) },
      alert: { deliveries, text: reminderText(job.reminder, task, team.firstName), link: taskLink(task.taskId) },
    };
  }

  /** After the time, for urgent tasks: the policy's step, then the next step's job; an acknowledgement or completion ends the chain. */
  private async escalate(job: Extract<TaskJobData, { kind: 'escalation' }>, task: ReminderTask, team: CareTeam, { policies, preferences }: BatchContext, now: Date): Promise<PlannedAlert | ReminderOutcome> {
    const policy = policies.get(team.primaryUserId);
    const step = task.isUrgent ? policy?.steps[job.step] : undefined;
    if (!policy || !step) return 'not-due';
    const contacts: ContactAddress[] = step.notify === 'emergency_contacts' ? await this.emergencyContacts.emailsOf(team.primaryUserId) : [];
    const deliveries = escalationDeliveries(step, team, contacts, preferences);
    // The next step's job, added before this step is recorded (runBatch). A next step that is no
    // longer due when it fires records and sends nothing. It comes the policy's interval after this
    // step at the earliest: a task added (or a worker back) long after its time gives the primary
    // caregiver that interval before anyone else is alerted.
    const next = policy.steps[job.step + 1];
    const minuteMs = this.config.reminderMinuteMs;
    const nextJob = (after: number): PlannedJob => ({
      id: escalationJobId(task.taskId, job.step + 1),
      data: { kind: 'escalation', taskId: task.taskId, step: job.step + 1, scheduledTime: job.scheduledTime, fireAt: Math.max(Date.parse(job.scheduledTime) + after * minuteMs, now.getTime() + (after - step.afterMinutes) * minuteMs) },
    });
    return {
      taskId: task.taskId,
      next: next ? nextJob(next.afterMinutes) : undefined,
      command: { type: 'ReachEscalationStep', data: { step: job.step, notify: step.notify, scheduledTime: job.scheduledTime, deliveries }, metadata: workerMetadata(now) },
      alert: { deliveries, text: escalationText(job.step, task, team.firstName), link: taskLink(task.taskId), contacts },
    };
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

  /** Lateness: from when the job was due to when its alert is recorded (sending follows at once). */
  private observe(job: ReminderJobData): void {
    this.lateness.observe(Math.max(0, Date.now() - job.fireAt) / 1000);
  }
}

/** What a batch of jobs read together, by task id and by user id. */
interface BatchContext {
  tasks: Map<string, TaskWithTeam>;
  /** The escalation policies of the families with an urgent task's step in the batch, by primary caregiver. */
  policies: Map<string, EscalationPolicy>;
  preferences: Map<string, NotificationPreferences>;
}

/** Who a reminder goes to: the primary caregiver and the caregivers who may give the dose. */
const reminderAudience = (team: CareTeam): string[] => [team.primaryUserId, ...team.shared.filter((s) => s.canEdit).map((s) => s.userId)];

/** The caregivers an escalation step alerts (emergency contacts are not users). */
const stepAudience = (step: EscalationStep, team: CareTeam): string[] =>
  step.notify === 'primary' ? [team.primaryUserId] : step.notify === 'secondary_caregivers' ? team.shared.map((s) => s.userId) : [];

function escalationDeliveries(step: EscalationStep, team: CareTeam, contacts: ContactAddress[], preferences: Map<string, NotificationPreferences>): AlertDelivery[] {
  if (step.notify === 'emergency_contacts') {
    return step.channels.includes('email') ? contacts.map((c) => ({ contactId: c.contactId, channels: ['email'] })) : [];
  }
  return stepAudience(step, team).map((userId) => ({ userId, channels: allowedChannels(step.channels, preferences.get(userId)!) }));
}

/** An urgent alert honours who opted out of push and of overdue emails; in-app always. */
function allowedChannels(channels: NotificationChannel[], prefs: NotificationPreferences): NotificationChannel[] {
  return channels.filter((c) => (c === 'push' ? prefs.pushReminders : c === 'email' ? prefs.emailOverdue : true));
}

const workerMetadata = (now: Date): CommandMetadata => ({ actorId: null, correlationId: randomUUID(), occurredAt: now.toISOString() });
