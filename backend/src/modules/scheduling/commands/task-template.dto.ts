/** The template payload, shared by creating a template (create-task-template/) and changing a repeating task (change-repeating-task/). */
import { ArrayMaxSize, IsArray, IsBoolean } from 'class-validator';
import {
  INT4_MAX,
  MEDICATION_STRENGTH_MAX,
  PRIORITIES,
  REPEAT_INTERVAL_MAX,
  REPEAT_INTERVAL_MIN,
  REPEAT_PATTERNS,
  TASK_CATEGORIES,
  TASK_MESSAGES,
  TEMPLATE_MESSAGES,
  type Priority,
  type RepeatPattern,
  type TaskCategory,
  type TaskTemplateInput,
  TEXT_MAX,
} from '@carecircle/libs';
import { IfGiven, IsCalendarDate, IsClockTime, IsDaysOfWeek, IsIntIn, IsLink, IsOneOf, IsText, IsTimeNotes } from '../../../platform/http/dto-rules';

const SHORT = TEXT_MAX.name;
const LONG = TEXT_MAX.text;

/** Blank is the decider's 'Please select a category.' */
const categoryMessage = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? TASK_MESSAGES.categoryRequired : TASK_MESSAGES.unknownCategory;

/** Template dates: yyyy-mm-dd or an ISO date-time (its date part); empty, 'undefined' and 'null' mean not given. */
const IsTemplateDate = () => IsCalendarDate({ message: TEMPLATE_MESSAGES.invalidDate, dateTime: true, absent: ['undefined', 'null'] });
/** Template times: HH:MM, H:MM or HH:MM:SS. */
const TEMPLATE_TIME = { message: TEMPLATE_MESSAGES.invalidTime, seconds: true, singleDigitHour: true } as const;

/**
 * Both payloads of the spec. Types and ranges are checked here (a bad value is a 400 naming it);
 * what is required, and the rules between fields, are the decider's.
 */
export class TaskTemplateDto implements TaskTemplateInput {
  @IfGiven() @IsText(SHORT) name!: string;
  @IfGiven() @IsOneOf([...TASK_CATEGORIES, ''], categoryMessage) category!: TaskCategory;
  @IfGiven() @IsText(LONG) description?: string | null;
  @IfGiven() @IsText(60) medicationId?: string | null;
  /** A medication schedule without medicationId: the dose and strength of the medication made for it. */
  @IfGiven() @IsText(SHORT) dosage?: string | null;
  @IfGiven() @IsText(MEDICATION_STRENGTH_MAX) strength?: string | null;
  @IfGiven() @IsBoolean() isUrgent?: boolean;
  @IfGiven() @IsOneOf(PRIORITIES, TEMPLATE_MESSAGES.unknownPriority) priority?: Priority;
  @IfGiven() @IsBoolean() isRepeating?: boolean;
  @IfGiven() @IsBoolean() isTemplate?: boolean;
  @IfGiven() @IsBoolean() isActive?: boolean;
  @IfGiven() @IsText(SHORT) templateName?: string | null;
  @IfGiven() @IsOneOf(REPEAT_PATTERNS, TEMPLATE_MESSAGES.unknownPattern) repeatPattern?: RepeatPattern;
  @IfGiven() @IsIntIn(REPEAT_INTERVAL_MIN, REPEAT_INTERVAL_MAX, { type: TEMPLATE_MESSAGES.intervalRange, min: TEMPLATE_MESSAGES.intervalRange, max: TEMPLATE_MESSAGES.intervalRange })
  repeatInterval?: number | null;
  @IfGiven() @IsTemplateDate() repeatStartDate?: string | null;
  @IfGiven() @IsTemplateDate() repeatEndDate?: string | null;
  @IfGiven() @IsDaysOfWeek(TEMPLATE_MESSAGES.unknownDay) daysOfWeek?: (string | number)[];
  @IfGiven() @IsArray() @ArrayMaxSize(96) @IsClockTime({ ...TEMPLATE_TIME, each: true }) scheduledTimes?: string[];
  @IfGiven() @IsClockTime(TEMPLATE_TIME) scheduledTime?: string;
  @IfGiven() @IsTimeNotes(LONG) timeNotes?: Record<string, string> | null;
  /** Minutes; the column is an integer. */
  @IfGiven()
  @IsIntIn(1, INT4_MAX, { type: TEMPLATE_MESSAGES.estimatedDuration, min: TEMPLATE_MESSAGES.estimatedDuration, max: TEMPLATE_MESSAGES.estimatedDurationMax })
  estimatedDuration?: number | null;
  @IfGiven() @IsLink() imageUrl?: string | null;
}
