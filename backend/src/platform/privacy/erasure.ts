import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { CommandMetadata } from '../commands/decider';
import { PG_POOL } from '../database/database.tokens';
import { EVENT_STORE, type EventStore } from '../event-store/event-store';
import { DataKeys } from './data-keys';
import { PersonalData } from './personal-data';

/**
 * A module's part in deleting an account: it removes what it holds for the user (the recipients they
 * own, the access they were given) through its own commands, before the user's key is destroyed.
 */
export type AccountErasureStep = (userId: string, metadata: CommandMetadata) => Promise<void>;

/**
 * The platform's half of erasing subjects (users, care recipients): their data keys are destroyed,
 * so every personal field of every event about them reads as "Erased" from now on, and the platform
 * tables that may hold their plaintext outside the event store are cleared: sessions of an erased
 * user, stored Idempotency-Key answers whose body names a subject (or made by an erased user), and parked
 * projection events about them. Read-model rows are the projections' job (they handle the erasure
 * events: CareRecipientRemoved, UserErased).
 */
@Injectable()
export class Erasure {
  private readonly accountSteps: AccountErasureStep[] = [];

  constructor(
    private readonly keys: DataKeys,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly personalData: PersonalData,
  ) {}

  /** A module registers its step once, when its provider is created. */
  onAccountErasure(step: AccountErasureStep): void {
    this.accountSteps.push(step);
  }

  /** Runs every module's account erasure step; the caller then records the erasure and erases the user. */
  async eraseAccountData(userId: string, metadata: CommandMetadata): Promise<void> {
    for (const step of this.accountSteps) await step(userId, metadata);
  }

  async erase(subjectIds: string[]): Promise<void> {
    if (subjectIds.length === 0) return;
    await this.keys.destroy(subjectIds);
    await this.pool.query(`DELETE FROM sessions WHERE sess->>'userId' = ANY($1::text[])`, [subjectIds]);
    // Stored answers that name a subject hold its data; the erasing request's own (empty) answer is kept, so a retry replays it.
    await this.pool.query(`DELETE FROM idempotency_keys WHERE user_id = ANY($1::uuid[]) OR response_body LIKE ANY($2::text[])`, [
      subjectIds,
      subjectIds.map((id) => `%${id}%`),
    ]);
    await this.forgetParkedEvents(new Set(subjectIds));
  }

  /** Parked events are rare: each one's subject is read from its event in the store. */
  private async forgetParkedEvents(subjects: Set<string>): Promise<void> {
    const { rows } = await this.pool.query<{ event_id: string; stream_id: string }>('SELECT DISTINCT event_id, stream_id FROM projection_failures');
    const erased: string[] = [];
    for (const row of rows) {
      const event = (await this.store.readStream(row.stream_id)).find((e) => e.id === row.event_id);
      const subject = event ? this.personalData.subjectOf(event) : null;
      if (event && subject !== null && subjects.has(subject)) erased.push(row.event_id);
    }
    if (erased.length > 0) await this.pool.query('DELETE FROM projection_failures WHERE event_id = ANY($1::uuid[])', [erased]);
  }
}
