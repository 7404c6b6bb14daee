import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsString,
  MaxLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
  type ValidationArguments,
  type ValidationOptions,
} from 'class-validator';
import {
  PRIORITIES,
  REMOVE_TASK_REASON_REQUIRED,
  TASK_CATEGORIES,
  TASK_MESSAGES,
  type AppointmentInput,
  type Priority,
  type TaskCategory,
  type TaskInput,
  type TaskUpdateInput,
} from '@carecircle/libs';

/** Skips the other rules when the field is absent or null (both mean "not given"). */
const given = (_: object, value: unknown) => value !== null && value !== undefined;
const SHORT = 200;
const LONG = 5000;

const categoryMessage = ({ value }: ValidationArguments) =>
  value === undefined || value === null || value === '' ? TASK_MESSAGES.categoryRequired : TASK_MESSAGES.unknownCategory;

/** A string, or a list of strings (attendees). */
function IsTextOrTextList(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isTextOrTextList',
      validator: {
        validate: (value: unknown) =>
          (typeof value === 'string' && value.length <= LONG) ||
          (Array.isArray(value) && value.length <= 50 && value.every((v) => typeof v === 'string' && v.length <= SHORT)),
        defaultMessage: () => '$property must be text or a list of texts',
      },
    },
    options,
  );
}

/** A flat map of HH:MM -> note. */
function IsTimeNotes(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isTimeNotes',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' && value !== null && !Array.isArray(value) &&
          Object.keys(value).length <= 48 && Object.values(value).every((v) => typeof v === 'string' && v.length <= LONG),
        defaultMessage: () => 'timeNotes must map times to texts',
      },
    },
    options,
  );
}

export class AppointmentDto implements AppointmentInput {
  @ValidateIf(given) @IsString() @MaxLength(50) type?: string | null;
  @ValidateIf(given) @IsString() @MaxLength(50) subtype?: string | null;
  @ValidateIf(given) @IsString() @MaxLength(10) startTime?: string | null;
  @ValidateIf(given) @IsString() @MaxLength(10) endTime?: string | null;
  @ValidateIf(given) @IsString() @MaxLength(LONG) location?: string | null;
  @ValidateIf(given) @IsBoolean() isTelemedicine?: boolean | null;
  @ValidateIf(given) @IsString() @MaxLength(2000) videoLink?: string | null;
  @ValidateIf(given) @IsTextOrTextList() attendees?: string | string[] | null;
  @ValidateIf(given) @IsArray() @ArrayMaxSize(4) @IsString({ each: true }) reminders?: string[] | null;
  /** Minutes; anything non-numeric becomes 0 (spec), so any value is accepted here. */
  @Allow() travelTime?: number | string | null;
  @Allow() prepTime?: number | string | null;
}

/** POST /api/children/{childId}/tasks. Types are checked here; the rules are the decider's. */
export class CreateTaskDto implements TaskInput {
  @MaxLength(SHORT) @IsString({ message: TASK_MESSAGES.nameRequired }) name!: string;
  @ValidateIf(given) @IsString() @MaxLength(LONG) description?: string | null;
  @IsIn(TASK_CATEGORIES, { message: categoryMessage }) category!: TaskCategory;
  @ValidateIf(given) @IsIn(PRIORITIES, { message: TASK_MESSAGES.unknownPriority }) priority?: Priority;
  @ValidateIf(given) @IsBoolean() isUrgent?: boolean;
  @ValidateIf(given) @IsString() @MaxLength(100) medicationId?: string | null;
  @ValidateIf(given) @IsArray() @ArrayMaxSize(48) @IsString({ each: true, message: TASK_MESSAGES.invalidTime }) scheduledTimes?: string[];
  @ValidateIf(given) @IsTimeNotes() timeNotes?: Record<string, string> | null;
  @ValidateIf(given) @MaxLength(40) @IsString({ message: TASK_MESSAGES.invalidTime }) scheduledTime?: string | null;
  @ValidateIf(given) @MaxLength(40) @IsString({ message: TASK_MESSAGES.invalidDate }) scheduledDate?: string | null;
  @ValidateIf(given) @IsString() @MaxLength(SHORT) timeSlot?: string | null;
  @ValidateIf(given) @IsString() @MaxLength(LONG) timeSpecificNotes?: string | null;
  @ValidateIf(given) @IsString() @MaxLength(2000) imageUrl?: string | null;
  @ValidateIf(given) @IsObject() @ValidateNested() @Type(() => AppointmentDto) appointmentDetails?: AppointmentDto | null;
}

/** PUT /api/tasks/{id}: only the fields sent change. */
export class UpdateTaskDto implements TaskUpdateInput {
  @ValidateIf(given) @MaxLength(SHORT) @IsString({ message: TASK_MESSAGES.nameRequired }) name?: string;
  @ValidateIf(given) @IsString() @MaxLength(LONG) description?: string | null;
  @ValidateIf(given) @IsIn(TASK_CATEGORIES, { message: categoryMessage }) category?: TaskCategory;
  @ValidateIf(given) @IsIn(PRIORITIES, { message: TASK_MESSAGES.unknownPriority }) priority?: Priority;
  @ValidateIf(given) @IsBoolean() isUrgent?: boolean;
  @ValidateIf(given) @IsString() @MaxLength(100) medicationId?: string | null;
  @ValidateIf(given) @MaxLength(40) @IsString({ message: TASK_MESSAGES.invalidTime }) scheduledTime?: string | null;
  @ValidateIf(given) @MaxLength(40) @IsString({ message: TASK_MESSAGES.invalidDate }) scheduledDate?: string | null;
  @ValidateIf(given) @IsString() @MaxLength(SHORT) timeSlot?: string | null;
  @ValidateIf(given) @IsString() @MaxLength(LONG) timeSpecificNotes?: string | null;
  @ValidateIf(given) @IsString() @MaxLength(2000) imageUrl?: string | null;
  @ValidateIf(given) @IsObject() @ValidateNested() @Type(() => AppointmentDto) appointmentDetails?: AppointmentDto | null;
}

export class CompleteTaskDto {
  @ValidateIf(given) @IsString() @MaxLength(LONG) notes?: string | null;
}

export class RemoveTaskDto {
  @ValidateIf(given) @MaxLength(LONG) @IsString({ message: REMOVE_TASK_REASON_REQUIRED }) reason?: string | null;
}
