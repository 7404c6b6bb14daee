import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_TIMEZONE, inQuietHours, instantToLocal, type NotificationChannel } from '@carecircle/libs';
import { ProjectionChangeFeed } from '../../../platform/projections/projection-changes';
import { UsersQuery } from '../../identity';
import { AchievementsQuery, type AlertDelivery } from '../../scheduling';
import { achievementText } from '../domain/alert-texts';
import { ReminderTasksQuery } from '../read-models/reminder-tasks/reminder-tasks.query';
import { AlertSender } from './alert-sender';
import { AlertSettings } from './alert-settings';

/** Achievements earned longer ago than this are not told (a replay, a worker that was down for days). */
const RECENT_MS = 24 * 60 * 60 * 1000;
const LIVE_TOPIC = 'progress';

/**
 * Achievement notifications (spec document 3, push card: "achievement notifications when goals are
 * reached"; document 1: "achievement and reward emails"). When a recipient's progress changes, its
 * new achievements go to the primary caregiver and the caregivers who may give care: by push when
 * they take push reminders, by email when they take achievement emails, neither during their quiet
 * hours (nothing here is urgent). Each achievement is told once: the first worker to record it in
 * `achievement_alerts` sends it (a crash right after that loses it rather than telling it twice).
 */
@Injectable()
export class AchievementAlerts {
  constructor(
    private readonly em: EntityManager,
    private readonly achievements: AchievementsQuery,
    private readonly tasks: ReminderTasksQuery,
    private readonly settings: AlertSettings,
    private readonly users: UsersQuery,
    private readonly sender: AlertSender,
  ) {}

  /** Tells the recipient's achievements not told yet; answers how many. */
  async check(childId: string, now = new Date()): Promise<number> {
    const team = await this.tasks.teamOf(childId);
    if (!team) return 0;
    const recent = (await this.achievements.forChildren([childId])).filter((a) => Date.parse(a.earnedAt) > now.getTime() - RECENT_MS);
    let told = 0;
    for (const achievement of recent) {
      const claimed: unknown[] = await this.em
        .fork()
        .execute('INSERT INTO achievement_alerts (achievement_id, alerted_at) VALUES (?, ?) ON CONFLICT DO NOTHING RETURNING achievement_id', [achievement.id, now]);
      if (claimed.length === 0) continue;
      const userIds = [team.primaryUserId, ...team.shared.filter((s) => s.canEdit).map((s) => s.userId)];
      const preferences = await this.settings.preferencesOf(userIds);
      const localNow = instantToLocal(now, (await this.users.byId(team.primaryUserId))?.timezone ?? DEFAULT_TIMEZONE).time;
      const deliveries: AlertDelivery[] = userIds.flatMap((userId) => {
        const prefs = preferences.get(userId)!;
        if (inQuietHours(prefs.quietHours, localNow)) return [];
        const channels: NotificationChannel[] = [...(prefs.pushReminders ? (['push'] as const) : []), ...(prefs.emailAchievements ? (['email'] as const) : [])];
        return channels.length > 0 ? [{ userId, channels }] : [];
      });
      await this.sender.send(deliveries, achievementText(achievement, team.firstName), { path: `/?child=${childId}`, tag: `achievement-${achievement.id}` });
      told++;
    }
    return told;
  }
}

/** Worker role: checks a recipient when its progress read model announces a change (after the commit). */
@Injectable()
export class AchievementAlertsTrigger implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger(AchievementAlertsTrigger.name);
  private unsubscribe: (() => void) | null = null;
  private readonly checking = new Set<Promise<unknown>>();

  constructor(
    private readonly alerts: AchievementAlerts,
    private readonly changes: ProjectionChangeFeed,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.unsubscribe = await this.changes.subscribe((changes) => {
      for (const { childId, changed } of changes) {
        if (!changed.includes(LIVE_TOPIC)) continue;
        const check = this.alerts.check(childId).catch((error: Error) => this.log.error(`achievement alerts for ${childId}: ${error.message}`));
        this.checking.add(check);
        void check.finally(() => this.checking.delete(check));
      }
    });
  }

  /** No new check, and those in progress finished, before the ORM closes (onApplicationShutdown). */
  async beforeApplicationShutdown(): Promise<void> {
    this.unsubscribe?.();
    await Promise.all(this.checking);
  }
}
