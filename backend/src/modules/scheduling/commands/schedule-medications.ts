import { MEDICATION_DOSE_NOT_SET, stockUnitOfDose, type MedicationInput, type TaskTemplateInput } from '@carecircle/libs';
import { readMedicationId } from './task-input';

const text = (value: string | null | undefined): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * "Every medication the product schedules is a medication it knows" (issue 21): a repeating
 * schedule of category medication that names no medication (absent, empty or the picker's 'none')
 * is linked to the recipient's medication of its name, made when missing.
 */
export function schedulesUnknownMedication(input: TaskTemplateInput): boolean {
  return input.category === 'medication' && input.isRepeating === true && !readMedicationId(input.medicationId);
}

/** "Dosage: 2.5 ml" or "Dose: 1 tab" leading a description (older clients send the dose only there). */
const DOSE_LINE = /^\s*(?:dosage|dose)\s*:\s*(.+)$/im;

/**
 * The medication such a schedule is given: its name, the dose (sent, else read from the
 * description's "Dose:" line, else MEDICATION_DOSE_NOT_SET), the strength, and the stock unit and
 * amount the dose is counted in ("2.5 ml": 2.5 ml; "500 mg": one dose).
 */
export function medicationOfSchedule(input: TaskTemplateInput): MedicationInput {
  const dose = text(input.dosage) ?? text(DOSE_LINE.exec(input.description ?? '')?.[1]);
  return {
    name: input.name.trim(),
    dosage: dose ?? MEDICATION_DOSE_NOT_SET,
    strength: text(input.strength),
    ...stockUnitOfDose(dose),
  };
}
