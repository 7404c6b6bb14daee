import { OmitType, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsObject, ValidateBy, ValidateNested, type ValidationArguments, type ValidationOptions } from 'class-validator';
import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_REMINDERS,
  APPOINTMENT_TYPES,
  isSafeText,
  PRIORITIES,
  REMOVE_TASK_REASON_REQUIRED,
  TASK_CATEGORIES,
  TASK_MESSAGES,
  type AppointmentInput,
  type Priority,
  type TaskCategory,
  type TaskInput,
  type TaskUpdateInput,
  TEXT_MAX,
} from '@carecircle/libs';
import { IfGiven, IsCalendarDate, IsClockTime, IsMinutes, IsOneOf, IsText, IsTimeNotes } from '../../../platform/http/dto-rules';

const SHORT = TEXT_MAX.name;
const LONG = TEXT_MAX.text;

const categoryMessage = ({ value }: ValidationArguments) =>
  value === undefined || value === null || value === '' ? TASK_MESSAGES.categoryRequired : TASK_MESSAGES.unknownCategory;
const appointmentTypeMessage = ({ value }: ValidationArguments) =>
  typeof value === 'string' && value.trim() === '' ? APPOINTMENT_MESSAGES.typeRequired : TASK_MESSAGES.unknownAppointmentType;

/** A string, or a list of at most 50 strings (attendees), storable as text. */
function IsTextOrTextList(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isTextOrTextList',
      constraints: [LONG],
      validator: {
        validate: (value: unknown) =>
          (typeof value === 'string' && value.length <= LONG && isSafeText(value)) ||
          (Array.isArray(value) && value.length <= 50 && value.every((v) => typeof v === 'string' && v.length <= SHORT && isSafeText(v))),
        defaultMessage: () => '$property must be text or a list of texts',
      },
    },
    options,
  );
}

/** The scheduledDate of a task: yyyy-mm-dd or an ISO date-time, within the date range. */
const IsScheduledDate = () => IsCalendarDate({ message: TASK_MESSAGES.invalidDate, dateTime: true });
/** The scheduledTime of a task: HH:MM, HH:MM:SS or an ISO date-time (which also gives the date). */
const IsScheduledTime = () => IsClockTime({ message: TASK_MESSAGES.invalidTime, seconds: true, dateTime: true });

export class AppointmentDto implements AppointmentInput {
  /** Blank is the decider's 'Please select an appointment type.' */
  @IfGiven() @IsOneOf([...APPOINTMENT_TYPES, ''], appointmentTypeMessage) type?: string | null;
  @IfGiven() @IsText(50) subtype?: string | null;
  @IfGiven() @IsClockTime({ message: TASK_MESSAGES.invalidTime }) startTime?: string | null;
  @IfGiven() @IsClockTime({ message: TASK_MESSAGES.invalidTime }) endTime?: string | null;
  @IfGiven() @IsText(LONG) location?: string | null;
  @IfGiven() @IsBoolean() isTelemedicine?: boolean | null;
  @IfGiven() @IsText(2000) videoLink?: string | null;
  @IfGiven() @IsTextOrTextList() attendees?: string | string[] | null;
  @IfGiven() @IsArray() @ArrayMaxSize(4) @IsOneOf(APPOINTMENT_REMINDERS, TASK_MESSAGES.unknownReminder, { each: true }) reminders?: string[] | null;
  /** Minutes, 0 or more; anything non-numeric becomes 0 (spec). */
  @IfGiven() @IsMinutes({ min: TASK_MESSAGES.minutesMin, max: TASK_MESSAGES.minutesMax }) travelTime?: number | string | null;
  @IfGiven() @IsMinutes({ min: TASK_MESSAGES.minutesMin, max: TASK_MESSAGES.minutesMax }) prepTime?: number | string | null;
}

/** POST /api/children/{childId}/tasks. Types are checked here; the rules are the decider's. */
export class CreateTaskDto implements TaskInput {
  @IsText(SHORT, { message: TASK_MESSAGES.nameRequired }) name!: string;
  @IfGiven() @IsText(LONG) description?: string | null;
  @IsOneOf(TASK_CATEGORIES, categoryMessage) category!: TaskCategory;
  @IfGiven() @IsOneOf(PRIORITIES, TASK_MESSAGES.unknownPriority) priority?: Priority;
  @IfGiven() @IsBoolean() isUrgent?: boolean;
  @IfGiven() @IsText(100) medicationId?: string | null;
  @IfGiven() @IsArray() @ArrayMaxSize(48) @IsClockTime({ message: TASK_MESSAGES.invalidTime, each: true }) scheduledTimes?: string[];
  @IfGiven() @IsTimeNotes(LONG) timeNotes?: Record<string, string> | null;
  @IfGiven() @IsScheduledTime() scheduledTime?: string | null;
  @IfGiven() @IsScheduledDate() scheduledDate?: string | null;
  @IfGiven() @IsText(SHORT) timeSlot?: string | null;
  @IfGiven() @IsText(LONG) timeSpecificNotes?: string | null;
  @IfGiven() @IsText(2000) imageUrl?: string | null;
  @IfGiven() @IsObject() @ValidateNested() @Type(() => AppointmentDto) appointmentDetails?: AppointmentDto | null;
}

/** PUT /api/tasks/{id}: only the fields sent change; the same rules as creating, every field optional. */
export class UpdateTaskDto extends PartialType(OmitType(CreateTaskDto, ['scheduledTimes', 'timeNotes'] as const)) implements TaskUpdateInput {}

export class CompleteTaskDto {
  @IfGiven() @IsText(LONG) notes?: string | null;
}

export class RemoveTaskDto {
  @IfGiven() @IsText(LONG, { message: REMOVE_TASK_REASON_REQUIRED }) reason?: string | null;
}
