import { OneAtATime } from '../../../platform/commands/one-at-a-time';

/**
 * One turn per care recipient in this process for the commands that count a recipient's collection
 * before they add to it (schedules, tasks of a day): creating a schedule, scheduling tasks and moving
 * a task to another day take the recipient's turn, so two requests never count the same state.
 */
export const recipientTurns = new OneAtATime();
