import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';

/** Reads only google_calendar_events. */
@Injectable()
export class GoogleCalendarEventsQuery {
  constructor(private readonly em: EntityManager) {}

  /**
   * The users holding a Google event of these recipients' appointments, and those holding events
   * recorded without their recipient (synced before it was recorded: they may be of these too).
   */
  async holdersOf(childIds: string[]): Promise<string[]> {
    if (childIds.length === 0) return [];
    const rows: { user_id: string }[] = await this.em
      .fork()
      .execute('SELECT DISTINCT user_id FROM google_calendar_events WHERE child_id IN (?) OR child_id IS NULL', [childIds]);
    return rows.map((row) => row.user_id);
  }
}
