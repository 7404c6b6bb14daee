import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_TIMEZONE, isIanaTimeZone, localDate } from '@carecircle/libs';
import { UsersQuery } from '../../identity';

/**
 * The care team's time zone: the primary caregiver's profile timezone (DESIGN.md), default
 * America/Los_Angeles only when the profile has none. Dates of tasks and recurrences follow it.
 * The pure conversions are in libs (localDateTimeToInstant, instantToLocal, localDate, addDays).
 */
@Injectable()
export class CareTeamClock {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersQuery,
  ) {}

  async timezoneFor(childId: string): Promise<string> {
    const rows: { primary_caregiver_id: string }[] = await this.em
      .fork()
      .execute('SELECT primary_caregiver_id FROM scheduling_children WHERE id = ?', [childId]);
    if (rows.length === 0) return DEFAULT_TIMEZONE;
    return this.timezoneOfUser(rows[0].primary_caregiver_id);
  }

  /** A caregiver's own zone (for views across several recipients). */
  async timezoneOfUser(userId: string): Promise<string> {
    const zone = (await this.users.byId(userId))?.timezone;
    return zone && isIanaTimeZone(zone) ? zone : DEFAULT_TIMEZONE;
  }

  /** The care team's date (yyyy-mm-dd) at the instant `now`. */
  async today(childId: string, now: Date): Promise<string> {
    return localDate(now, await this.timezoneFor(childId));
  }
}
