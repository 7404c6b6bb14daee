import { isUUID } from 'class-validator';
import { TASK_MESSAGES } from '@carecircle/libs';
import { DomainError } from '../../../platform/commands/domain-error';
import type { MedicationsQuery } from '../../care-recipients';
import { readMedicationId } from './task-input';

/**
 * The medication a task links to, as a request names it: absent stays absent (undefined), the
 * picker's 'none' or empty means none (null), anything else must be one of this recipient's
 * medications (400 otherwise).
 */
export async function recipientMedication(
  medications: MedicationsQuery,
  childId: string,
  value: string | null | undefined,
): Promise<string | null | undefined> {
  const medicationId = readMedicationId(value);
  if (!medicationId) return medicationId;
  if (!isUUID(medicationId) || !(await medications.byId(childId, medicationId))) {
    const message = TASK_MESSAGES.medicationNotFound;
    throw new DomainError('SCHEDULING.INVALID', 'invalid', message, [{ field: 'medicationId', message }]);
  }
  return medicationId;
}
