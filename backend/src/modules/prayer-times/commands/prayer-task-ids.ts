import { deterministicId } from '../../../platform/projections/deterministic-id';
import type { PrayerTaskName } from '../domain/prayer-tasks';

/**
 * Period key of a user whose prayer tasks were turned on before issue 24 recorded when (their
 * `prayerTasksSince` is null while on): a fixed one, so their ids are stable too.
 */
const BEFORE_PERIODS = 'before-issue-24';

/**
 * The task id of a recipient's prayer on a prayer day, in the period that began when the user last
 * turned prayer tasks on. The same inputs give the same id (making it twice records nothing, and a
 * task the family removed stays removed); turning prayer tasks off and on again starts a new period,
 * so the remaining prayers of that day are made again. Derived here, not in domain/ (no hash there).
 */
export const prayerTaskId = (childId: string, since: string | null, day: string, prayer: PrayerTaskName): string =>
  deterministicId('prayer-task', childId, since ?? BEFORE_PERIODS, day, prayer);
