import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { addDays, VALIDATION_MESSAGES } from '@carecircle/libs';
import {
  IfGiven,
  IsCalendarDate,
  IsClockTime,
  IsDaysOfWeek,
  IsEmailAddress,
  IsIntIn,
  IsLink,
  IsMinutes,
  IsOneOf,
  IsText,
  IsTimeNotes,
  IsUuid,
} from './dto-rules';

class Sample {
  @IfGiven() @IsText(5, { message: 'Name is required' }) name?: unknown;
  @IfGiven() @IsCalendarDate({ message: 'Bad date' }) date?: unknown;
  @IfGiven() @IsCalendarDate({ message: 'Bad date', dateTime: true, absent: ['null'] }) dateOrDateTime?: unknown;
  @IfGiven() @IsCalendarDate({ message: 'Bad birth date', dateTime: true, notInFuture: true }) birth?: unknown;
  @IfGiven() @IsClockTime({ message: 'Bad time' }) time?: unknown;
  @IfGiven() @IsClockTime({ message: 'Bad time', seconds: true, singleDigitHour: true, dateTime: true }) looseTime?: unknown;
  @IfGiven() @IsClockTime({ message: 'Bad time', each: true }) times?: unknown;
  @IfGiven() @IsIntIn(1, 2_147_483_647, { min: 'Too small' }) count?: unknown;
  @IfGiven() @IsOneOf(['low', 'high'], 'Unknown level') level?: unknown;
  @IfGiven() @IsUuid() id?: unknown;
  @IfGiven() @IsEmailAddress('Bad email') email?: unknown;
  @IfGiven() @IsEmailAddress('Bad contact email', { optional: true }) contactEmail?: unknown;
  @IfGiven() @IsLink() link?: unknown;
  @IfGiven() @IsTimeNotes(10) notes?: unknown;
  @IfGiven() @IsDaysOfWeek('Bad day') days?: unknown;
  @IfGiven() @IsMinutes({ min: 'Negative', max: 'Too long' }) minutes?: unknown;
}

/** The messages of each refused field. */
async function problems(plain: Record<string, unknown>): Promise<Record<string, string[]>> {
  const errors = await validate(plainToInstance(Sample, plain));
  return Object.fromEntries(errors.map((e) => [e.property, Object.values(e.constraints ?? {})]));
}
const accepts = async (field: string, value: unknown) => expect(await problems({ [field]: value })).toEqual({});
const refuses = async (field: string, value: unknown, message?: string) => {
  const found = await problems({ [field]: value });
  expect(Object.keys(found)).toEqual([field]);
  if (message) expect(found[field]).toContain(message);
};

describe('DTO rules', () => {
  it('text: a string within its length, without NUL or unpaired surrogates; the field message first', async () => {
    await accepts('name', 'Maya👧');
    await refuses('name', 'Mayaxy');
    await refuses('name', 'a\u0000', `name ${VALIDATION_MESSAGES.unsafeText}`);
    await refuses('name', '\ud800', `name ${VALIDATION_MESSAGES.unsafeText}`);
    expect((await problems({ name: 42 })).name[0]).toBe('Name is required');
  });

  it('calendar dates: real, within 1900..2100, never rolled over; blank is "not given"', async () => {
    for (const ok of ['2026-02-28', '1900-01-01', '2100-12-31', '', '  ']) await accepts('date', ok);
    for (const far of ['0000-01-01', '1899-12-31', '2101-01-01', '9999-12-31']) await refuses('date', far, VALIDATION_MESSAGES.dateRange);
    for (const bad of ['2026-02-30', '2026-2-3', 'tomorrow', '2026-01-01T10:00', 20260101]) await refuses('date', bad, 'Bad date');
    await accepts('dateOrDateTime', '2026-01-01T22:00:00.000Z');
    await accepts('dateOrDateTime', 'null');
    await refuses('dateOrDateTime', '9999-12-31T20:00:00-08:00', VALIDATION_MESSAGES.dateRange);
  });

  it('dates of birth: not in the future (today, judged in UTC like the decider)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    await accepts('birth', today);
    await refuses('birth', addDays(today, 1), VALIDATION_MESSAGES.dateInFuture);
    await refuses('birth', '1899-12-31', VALIDATION_MESSAGES.dateRange);
  });

  it('clock times: 00:00 to 23:59; other forms only where allowed', async () => {
    for (const ok of ['00:00', '23:59', '09:05', '']) await accepts('time', ok);
    for (const bad of ['24:00', '23:60', '7:5', '7:05', '09:05:00', '2026-01-01T09:00', 'noon', 905]) await refuses('time', bad, 'Bad time');
    for (const ok of ['7:05', '09:05:59', '2026-01-01T09:00', '2026-01-01T09:00:00.000Z', '2026-01-01T09:00+05:30']) await accepts('looseTime', ok);
    for (const bad of ['7:5', '24:00', '09:05:60', '9999-12-31T09:00Z', '2026-02-30T09:00Z']) await refuses('looseTime', bad, 'Bad time');
    await accepts('times', ['08:00', '20:00']);
    await refuses('times', ['08:00', '24:00'], 'Bad time');
  });

  it('integers within the column: int4 and the minimum', async () => {
    await accepts('count', 2_147_483_647);
    await refuses('count', 2_147_483_648);
    await refuses('count', 0, 'Too small');
    await refuses('count', 1.5);
    await refuses('count', '5');
  });

  it('enums, UUIDs and emails', async () => {
    await accepts('level', 'low');
    await refuses('level', 'urgent', 'Unknown level');
    await accepts('id', '6f0c5a8e-3d1b-4c7a-9e52-1b8f4d2a7c90');
    await refuses('id', 'not-a-uuid', VALIDATION_MESSAGES.notUuid);
    await accepts('email', 'ana@example.com');
    await refuses('email', 'ana', 'Bad email');
    // validator's isEmail throws a URIError on a lone surrogate: the rule refuses it instead.
    await refuses('email', 'a\ud800@example.com', 'Bad email');
    await refuses('email', `${'a'.repeat(250)}@example.com`);
  });

  it('time notes, days of the week and minutes', async () => {
    await accepts('notes', { '08:00': 'Breakfast', '7:30': 'x' });
    await refuses('notes', { '24:00': 'x' });
    await refuses('notes', { '08:00': 'x'.repeat(11) });
    await refuses('notes', { '08:00': 3 });
    await accepts('days', ['monday', 'Friday', 0, '6']);
    await refuses('days', ['someday'], 'Bad day');
    await refuses('days', [7], 'Bad day');
    await refuses('days', 'monday', 'Bad day');
    for (const ok of [0, 15, '15', 'soon', '', 2_147_483_647]) await accepts('minutes', ok);
    await refuses('minutes', -1, 'Negative');
    await refuses('minutes', '-5', 'Negative');
    await refuses('minutes', 2_147_483_648, 'Too long');
    await refuses('minutes', true);
  });
});

describe('links and contact emails', () => {
  it('links: https with a host, or an upload path; blank is none; anything else names the field', async () => {
    for (const link of ['https://meet.example.com/abc', ' https://example.com/a ', '/api/uploads/0b8f6f0e-6a0e-4c1b-9a57-1f2b3c4d5e6f.jpg', '', '  ', null]) {
      expect(await problems({ link })).toEqual({});
    }
    for (const link of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'http://example.com', 'ftp://example.com', '//evil.example', '/etc/passwd', 42]) {
      expect((await problems({ link })).link).toContain(`link ${VALIDATION_MESSAGES.notLink}`);
    }
  });

  it('contact emails: blank is none, spaces around are ignored, anything else is refused', async () => {
    for (const contactEmail of ['', ' ', ' maya@example.com ', null]) expect(await problems({ contactEmail })).toEqual({});
    for (const contactEmail of ['maya', 'maya@', '@example.com', 'a b@example.com', 7]) expect((await problems({ contactEmail })).contactEmail).toContain('Bad contact email');
    // Sign-in and registration emails stay exact.
    expect(await problems({ email: ' maya@example.com ' })).toEqual({ email: ['Bad email'] });
  });
});
