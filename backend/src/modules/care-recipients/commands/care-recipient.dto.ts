import { NotFoundException, ParseUUIDPipe } from '@nestjs/common';
import {
  CHILD_DATE_OF_BIRTH_INVALID,
  CHILD_EMAIL_INVALID,
  MEDICATION_DOSAGE_REQUIRED,
  MEDICATION_NAME_REQUIRED,
  MEDICATION_STOCK_LIMITS,
  MEDICATION_STOCK_MESSAGES,
  MEDICATION_STRENGTH_MAX,
  MEDICATION_UNITS,
  TEXT_MAX,
  type ChildInput,
  type MedicationInput,
  type MedicationUnit,
} from '@carecircle/libs';
import { IfGiven, IsAmountIn, IsCalendarDate, IsEmailAddress, IsIntIn, IsLink, IsOneOf, IsText } from '../../../platform/http/dto-rules';

const SHORT = TEXT_MAX.name;
const LONG = TEXT_MAX.text;

/** Both payload shapes of the spec; types and ranges are checked here (dto-rules), rules in the decider. */
export class ChildDto implements ChildInput {
  @IfGiven() @IsText(SHORT) firstName?: string;
  @IfGiven() @IsText(SHORT) lastName?: string;
  @IfGiven() @IsText(SHORT * 2) name?: string;
  /** yyyy-mm-dd or a date-time; empty means none; from 1900-01-01, not in the future. */
  @IfGiven() @IsCalendarDate({ message: CHILD_DATE_OF_BIRTH_INVALID, dateTime: true, notInFuture: true }) dateOfBirth?: string | null;
  @IfGiven() @IsText(LONG) medicalConditions?: string | null;
  @IfGiven() @IsText(LONG) medicalNotes?: string | null;
  @IfGiven() @IsText(LONG) notes?: string | null;
  @IfGiven() @IsText(50) gender?: string | null;
  @IfGiven() @IsText(50) phone?: string | null;
  @IfGiven() @IsEmailAddress(CHILD_EMAIL_INVALID, { optional: true }) email?: string | null;
  @IfGiven() @IsLink() profileImageUrl?: string | null;
}

const { maxStock, maxDoseAmount, minThresholdDays, maxThresholdDays } = MEDICATION_STOCK_LIMITS;
const thresholdMessage = MEDICATION_STOCK_MESSAGES.refillThresholdDays;

/** Stock fields (docs/notifications.md, "Refill reminders"): all optional; stock null means not tracked. */
class MedicationStockFields {
  /** Amount on hand now: 0 to 100000, at most 2 decimals. On an update it sets the stock (a count). */
  @IfGiven() @IsAmountIn(0, maxStock, MEDICATION_STOCK_MESSAGES.stock) stock?: number | null;
  /** Taken off the stock by each completed dose task: more than 0, at most 1000. Default 1. */
  @IfGiven() @IsAmountIn(0, maxDoseAmount, MEDICATION_STOCK_MESSAGES.doseAmount, { exclusiveMin: true }) doseAmount?: number;
  /** Default tablets. */
  @IfGiven() @IsOneOf(MEDICATION_UNITS, MEDICATION_STOCK_MESSAGES.unit) unit?: MedicationUnit;
  /** A refill reminder comes when the stock covers fewer days than this (1 to 90, default 7). */
  @IfGiven()
  @IsIntIn(minThresholdDays, maxThresholdDays, { type: thresholdMessage, min: thresholdMessage, max: thresholdMessage })
  refillThresholdDays?: number;
}

export class MedicationDto extends MedicationStockFields implements MedicationInput {
  @IsText(200, { message: MEDICATION_NAME_REQUIRED }) name!: string;
  @IsText(200, { message: MEDICATION_DOSAGE_REQUIRED }) dosage!: string;
  /** "100 mg/mL": at most 100 characters. */
  @IfGiven() @IsText(MEDICATION_STRENGTH_MAX) strength?: string | null;
  @IfGiven() @IsText(2000) instructions?: string | null;
  @IfGiven() @IsLink() photoUrl?: string | null;
}

export class MedicationUpdateDto extends MedicationStockFields implements Partial<MedicationInput> {
  @IfGiven() @IsText(200) name?: string;
  @IfGiven() @IsText(200) dosage?: string;
  @IfGiven() @IsText(MEDICATION_STRENGTH_MAX) strength?: string | null;
  @IfGiven() @IsText(2000) instructions?: string | null;
  @IfGiven() @IsLink() photoUrl?: string | null;
}

/** A medication's id in a path: a non-UUID is "Medication not found" (404). */
export const medicationId = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('Medication not found') });
