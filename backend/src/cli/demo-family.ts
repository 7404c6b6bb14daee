import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  addDays,
  DEFAULT_TIMEZONE,
  isIanaTimeZone,
  localDate,
  localDateTimeToInstant,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type ChildInput,
  type DoctorInput,
  type EmergencyContactInput,
  type FamilySupportInput,
  type MedicationInput,
  type Task,
  type TaskInput,
  type TaskTemplate,
  type TaskTemplateInput,
  type User,
} from '@carecircle/libs';
import { ExecuteCareDirectoryCommand, ExecuteEmergencyContactCommand } from '../modules/care-hub';
import { START_UP_EVENT_TYPES } from '../modules/community';
import { AddCareRecipient, AddMedication, ChildrenQuery } from '../modules/care-recipients';
import { AcceptInvitation, InviteCaregiver } from '../modules/care-team';
import { ChangeTimezone, hashPassword, RegisterUser, UsersQuery } from '../modules/identity';
import { CompleteTask, CreateTaskTemplates, DailyTasksQuery, ScheduleTasks, TemplateMaterialiser } from '../modules/scheduling';
import type { CommandMetadata } from '../platform/commands/decider';
import { EVENT_STORE, type EventStore } from '../platform/event-store/event-store';

/**
 * The demo family of `npm run seed:demo` (README, "Demo data"): two caregivers, two care recipients
 * with medications, repeating schedules, a week of tasks partly done by both caregivers, appointments
 * and the Care Hub's lists, written through the same command handlers the API uses.
 *
 * The story is told in order, a week long: the primary caregiver signs up on the evening of day -7
 * (days counted from today in the care team's zone), sets everything up and invites the helper, who
 * accepts that evening; from day -6 the recurring-tasks worker materialises each day's occurrences
 * just after midnight, and both caregivers complete most tasks shortly after their time. Each command
 * carries the moment it happens in that story (never later than now), so history, progress and
 * "completed at" read as a lived week.
 */

/** Shown by the CLI; DEMO_PASSWORD replaces it. Demo only: anyone who reads this can sign in. */
export const DEFAULT_DEMO_PASSWORD = 'carecircle-demo';

export const DEMO_PRIMARY = { email: 'demo.parent@carecircle.example', firstName: 'Alex', lastName: 'Morgan' } as const;
export const DEMO_HELPER = { email: 'demo.helper@carecircle.example', firstName: 'Jamie', lastName: 'Chen' } as const;

/** Which caregiver acts: the primary everywhere, the helper only on recipients shared with them. */
type Who = 'primary' | 'helper';

interface DemoTask {
  /** Days from today (negative: past). */
  day: number;
  input: Omit<TaskInput, 'scheduledDate'>;
  /** For a past task: who completed it, and the note they left. */
  doneBy?: { who: Who; notes?: string };
}

interface DemoRecipient {
  input: ChildInput;
  /** Shared with the helper, who may then edit it (complete tasks). */
  sharedWithHelper: boolean;
  medications: (MedicationInput & { key: string })[];
  /** Repeating schedules from day -6; `medication` names one of the medications above by key. */
  routines: (Omit<TaskTemplateInput, 'medicationId'> & { medication?: string })[];
  tasks: DemoTask[];
  doctors: DoctorInput[];
  support: FamilySupportInput[];
  /** Notes a caregiver sometimes leaves when completing a task, by category. */
  completionNotes: Partial<Record<string, string[]>>;
}

const MAYA: DemoRecipient = {
  input: {
    firstName: 'Maya',
    lastName: 'Morgan',
    dateOfBirth: '2017-04-12',
    gender: 'Female',
    medicalConditions: 'Spina bifida (lumbar myelomeningocele), neurogenic bladder. Latex allergy.',
    notes: 'Loves swimming and drawing. Uses forearm crutches at school.',
  },
  sharedWithHelper: true,
  medications: [
    { key: 'oxybutynin', name: 'Oxybutynin', dosage: '2.5 mg', instructions: 'By mouth with breakfast and dinner.' },
    { key: 'vitamin-d', name: 'Vitamin D3', dosage: '400 IU', instructions: 'One chewable tablet with breakfast.' },
  ],
  routines: [
    {
      name: 'Catheterization',
      category: 'catheterization',
      description: 'Clean intermittent catheterization, latex-free supplies. Note anything unusual (colour, smell, difficulty).',
      priority: 'high',
      scheduledTimes: ['07:00', '11:00', '15:00', '19:00'],
      timeNotes: { '19:00': 'Before bath time' },
    },
    {
      name: 'Oxybutynin 2.5 mg',
      category: 'medication',
      medication: 'oxybutynin',
      priority: 'high',
      scheduledTimes: ['08:00', '20:00'],
      timeNotes: { '08:00': 'With breakfast', '20:00': 'With dinner' },
    },
    { name: 'Vitamin D3 400 IU', category: 'medication', medication: 'vitamin-d', priority: 'low', scheduledTimes: ['08:00'] },
    {
      name: 'Stretching exercises',
      category: 'exercise_activity',
      description: 'Hamstring and hip-flexor stretches from physical therapy, 15 minutes.',
      repeatPattern: 'weekly',
      daysOfWeek: ['monday', 'wednesday', 'friday'],
      scheduledTimes: ['17:30'],
    },
  ],
  tasks: [
    {
      day: -4,
      input: {
        name: 'Physical therapy',
        category: 'appointment',
        appointmentDetails: {
          type: 'doctor',
          subtype: 'Physical therapy',
          startTime: '15:30',
          endTime: '16:30',
          location: 'Bayview Pediatric Therapy, 220 Harbor Way',
          attendees: ['Jamie'],
          travelTime: 20,
        },
      },
      doneBy: { who: 'helper', notes: 'Worked on balance. Ben added two new hip stretches to the home routine.' },
    },
    {
      day: -1,
      input: { name: 'Order catheter supplies', category: 'paperwork_forms', scheduledTime: '10:00', description: 'Latex-free, size 10 Fr. Two-week supply.' },
      doneBy: { who: 'primary', notes: 'Ordered online; arrives in three days.' },
    },
    { day: 0, input: { name: 'Pack swim bag', category: 'daily_other', scheduledTime: '16:00', description: 'Swim lesson tomorrow after school.' } },
    {
      day: 2,
      input: {
        name: 'Physical therapy',
        category: 'appointment',
        appointmentDetails: { type: 'doctor', subtype: 'Physical therapy', startTime: '15:30', endTime: '16:30', location: 'Bayview Pediatric Therapy, 220 Harbor Way', attendees: ['Jamie'], travelTime: 20 },
      },
    },
    {
      day: 3,
      input: {
        name: 'IEP review meeting',
        category: 'appointment',
        description: 'Review classroom accommodations and the nurse schedule.',
        appointmentDetails: { type: 'school', startTime: '08:30', endTime: '09:30', location: 'Lincoln Elementary, room 12', attendees: ['Alex', 'Ms. Park', 'Nurse Diaz'] },
      },
    },
    {
      day: 6,
      input: {
        name: 'Urology follow-up',
        category: 'appointment',
        appointmentDetails: { type: 'doctor', subtype: 'Pediatric urology', startTime: '10:00', endTime: '10:45', location: "Children's Hospital, clinic B", prepTime: 15, travelTime: 30 },
      },
    },
  ],
  doctors: [
    {
      name: 'Dr. Priya Raman',
      specialty: 'pediatrician',
      phoneNumber: '(415) 555-0147',
      email: 'frontdesk@bayview-pediatrics.example',
      address: '1200 Bayview Ave, Suite 3',
      isPrimary: true,
    },
    { name: 'Dr. Alan Brooks', specialty: 'neurologist', phoneNumber: '(415) 555-0156', notes: 'Spina bifida clinic, every six months.' },
    { name: 'Dr. Sofia Ortiz', specialty: 'other', phoneNumber: '(415) 555-0163', notes: 'Pediatric urology.' },
  ],
  support: [
    { name: 'Carla Diaz', role: 'school_nurse', organization: 'Lincoln Elementary', phoneNumber: '(415) 555-0121', notes: 'Keeps spare catheter supplies in the nurse office.' },
    { name: 'Jordan Park', role: 'teacher', organization: 'Lincoln Elementary', email: 'jpark@lincoln-elementary.example' },
    { name: 'Ben Foster', role: 'therapist', organization: 'Bayview Pediatric Therapy', phoneNumber: '(415) 555-0138' },
  ],
  completionNotes: {
    catheterization: ['All normal.', 'No problems.', 'A bit cloudy, will watch it.'],
    medication: ['Took it with applesauce.', 'No fuss today.'],
    exercise_activity: ['Did all the stretches.', 'Only 10 minutes, she was tired.'],
  },
};

const ROBERT: DemoRecipient = {
  input: {
    firstName: 'Robert',
    lastName: 'Morgan',
    dateOfBirth: '1947-09-30',
    gender: 'Male',
    medicalConditions: 'Heart failure (stable), type 2 diabetes, mild hearing loss.',
    notes: "Alex's father; lives with the family. Likes crosswords and morning coffee on the porch.",
  },
  sharedWithHelper: false,
  medications: [
    { key: 'metoprolol', name: 'Metoprolol succinate', dosage: '25 mg', instructions: 'Morning and evening. Check pulse first; skip if under 55 and call Dr. Okafor.' },
    { key: 'metformin', name: 'Metformin', dosage: '500 mg', instructions: 'With breakfast and dinner.' },
  ],
  routines: [
    { name: 'Metoprolol 25 mg', category: 'medication', medication: 'metoprolol', priority: 'high', scheduledTimes: ['08:00', '20:00'] },
    {
      name: 'Metformin 500 mg',
      category: 'medication',
      medication: 'metformin',
      scheduledTimes: ['08:30', '18:30'],
      timeNotes: { '08:30': 'With breakfast', '18:30': 'With dinner' },
    },
    {
      name: 'Blood pressure check',
      category: 'medical_other',
      description: 'Seated, left arm. Write the reading in the notes.',
      scheduledTimes: ['09:00'],
    },
    { name: 'Afternoon walk', category: 'exercise_activity', repeatPattern: 'weekly', daysOfWeek: ['tuesday', 'thursday', 'saturday'], scheduledTimes: ['16:00'] },
  ],
  tasks: [
    {
      day: -2,
      input: {
        name: 'Cardiology check-up',
        category: 'appointment',
        appointmentDetails: { type: 'doctor', subtype: 'Cardiology', startTime: '10:30', endTime: '11:30', location: 'Mercy Heart Center, 450 Oak St', attendees: ['Alex'], travelTime: 25 },
      },
      doneBy: { who: 'primary', notes: 'Stable. Keep metoprolol at 25 mg; recheck in 3 months.' },
    },
    { day: 0, input: { name: 'Call insurance about the home blood-pressure cuff', category: 'admin_other', scheduledTime: '12:00' } },
    {
      day: 0,
      input: {
        name: 'Medication review (video visit)',
        category: 'appointment',
        appointmentDetails: { type: 'doctor', startTime: '14:00', endTime: '14:30', isTelemedicine: true, videoLink: 'https://telehealth.example/rooms/okafor' },
      },
      doneBy: { who: 'primary', notes: 'No changes to his medications.' },
    },
    { day: 1, input: { name: 'Pick up prescription refill', category: 'transportation_pickup', scheduledTime: '17:00', description: 'Metformin, at the corner pharmacy.' } },
    {
      day: 4,
      input: {
        name: 'Eye exam',
        category: 'appointment',
        appointmentDetails: { type: 'doctor', subtype: 'Ophthalmology', startTime: '09:15', endTime: '10:15', location: 'Clearview Eye Care, 88 Market St', prepTime: 10 },
      },
    },
  ],
  doctors: [
    { name: 'Dr. Helen Okafor', specialty: 'cardiologist', phoneNumber: '(415) 555-0171', address: 'Mercy Heart Center, 450 Oak St', isPrimary: true },
    { name: 'Dr. Marcus Lee', specialty: 'ophthalmologist', phoneNumber: '(415) 555-0178', email: 'appointments@clearview-eyecare.example' },
  ],
  support: [{ name: 'Denise Walker', role: 'social_worker', organization: 'County Aging & Adult Services', phoneNumber: '(415) 555-0129' }],
  completionNotes: {
    medical_other: ['128/78, pulse 64', '132/80, pulse 61', '124/76, pulse 66'],
    medication: ['Taken with water.', 'Took it without a reminder today.'],
    exercise_activity: ['Around the block twice.', 'Short walk, it was raining.'],
  },
};

const EMERGENCY_CONTACTS: EmergencyContactInput[] = [
  { name: 'Linda Morgan', phoneNumber: '(415) 555-0134', relationship: 'Grandmother', contactType: 'family', isPrimary: true, notes: 'Lives ten minutes away and has a house key.' },
  { name: 'Jamie Chen', phoneNumber: '(415) 555-0199', relationship: 'Aunt', contactType: 'family' },
  { name: 'Tina Alvarez', phoneNumber: '(415) 555-0112', relationship: 'Babysitter', contactType: 'childcare', notes: 'Knows the catheterization routine.' },
  { name: 'Pat Nguyen', phoneNumber: '(415) 555-0187', relationship: 'Neighbor', contactType: 'other', notes: 'Next door; can stay with Robert in an emergency.' },
];

/** Day -7, the evening the family starts: when each step of the set-up happens. */
const SETUP = {
  register: '19:00',
  /** One recipient after the other (the lists show them in this order): added, schedules, calendar. */
  recipients: [
    { added: '19:05', routines: '19:08', tasks: '19:12' },
    { added: '19:15', routines: '19:18', tasks: '19:22' },
  ],
  careHub: '19:30',
  invite: '19:40',
  helperRegisters: '20:10',
  helperAccepts: '20:12',
} as const;
const FIRST_DAY = -6;
/** When the recurring-tasks worker has materialised a day (its job runs every 15 minutes). */
const WORKER_TIME = '00:05';
/** Share of past occurrences nobody completed, so the week is not perfect. */
const MISSED_SHARE = 0.12;

export type DemoSeedResult =
  | {
      status: 'seeded';
      timezone: string;
      today: string;
      primaryId: string;
      helperId: string;
      tasks: number;
      completed: number;
      appointments: number;
    }
  | { status: 'already-seeded'; primaryId: string; helperId: string };

/** The database holds something else (or a half-finished demo): nothing was written. */
export class DemoSeedRefused extends Error {}

export interface DemoSeedOptions {
  password: string;
  /** The primary caregiver's time zone; default America/Los_Angeles (a new account's). */
  timezone?: string;
  now?: Date;
  /** Progress lines for the console. */
  progress?: (line: string) => void;
}

export function checkDemoPassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new DemoSeedRefused(`DEMO_PASSWORD must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
  }
}

/** How many of the store's first events are read to tell an empty database (start-up events only) from a used one. */
const START_UP_EVENT_SCAN = 50;

/**
 * Fills an empty database with the demo family; on a database that already has it, changes nothing
 * and says so. Refuses (DemoSeedRefused, nothing written) when the event store holds anything but
 * the app's own start-up events: the demo password is public, so the demo never goes into a
 * database with real families.
 */
export async function seedDemoFamily(app: INestApplication, options: DemoSeedOptions): Promise<DemoSeedResult> {
  checkDemoPassword(options.password);
  const timezone = options.timezone ?? DEFAULT_TIMEZONE;
  if (!isIanaTimeZone(timezone)) throw new DemoSeedRefused(`DEMO_TIMEZONE is not an IANA time zone: ${timezone}`);

  const existing = await existingDemo(app);
  if (existing) return existing;
  // The app's own start-up (the support groups) comes first in the store; anything else is someone's data.
  const first = await app.get<EventStore>(EVENT_STORE).readAll(null, START_UP_EVENT_SCAN);
  if (first.some((event) => !(START_UP_EVENT_TYPES as readonly string[]).includes(event.type))) {
    throw new DemoSeedRefused(
      'The database already holds data, and seed:demo only fills an empty one (the demo password is public). ' +
        'Point DATABASE_URL at a new database, or remove .data/ when using the embedded one.',
    );
  }
  return new DemoFamilyStory(app, options.password, timezone, options.now ?? new Date(), options.progress ?? (() => {})).tell();
}

/** The demo family when a run finished; DemoSeedRefused when one stopped part-way. */
async function existingDemo(app: INestApplication): Promise<DemoSeedResult | null> {
  const users = app.get(UsersQuery);
  const primary = await users.byEmail(DEMO_PRIMARY.email);
  if (!primary) return null;
  const helper = await users.byEmail(DEMO_HELPER.email);
  const children = app.get(ChildrenQuery);
  const owned = (await children.listFor(primary.id)).filter((child) => child.primaryCaregiverId === primary.id);
  const shared = helper ? await children.listFor(helper.id) : [];
  if (!helper || owned.length < 2 || shared.length === 0) {
    throw new DemoSeedRefused(
      `${DEMO_PRIMARY.email} exists but the demo family is incomplete (an earlier seed:demo run stopped part-way?). ` +
        'Start again from an empty database.',
    );
  }
  return { status: 'already-seeded', primaryId: primary.id, helperId: helper.id };
}

/** Deterministic pseudo-random numbers (mulberry32): the same week every time, relative to today. */
function randomSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Recipient {
  id: string;
  demo: DemoRecipient;
  templates: TaskTemplate[];
}

class DemoFamilyStory {
  private readonly commands: CommandBus;
  private readonly users: UsersQuery;
  private readonly tasks: DailyTasksQuery;
  private readonly materialiser: TemplateMaterialiser;
  private readonly today: string;
  private readonly random = randomSequence(20_240_611);
  private readonly ids: Record<Who, string> = { primary: '', helper: '' };
  private readonly recipients: Recipient[] = [];
  private counts = { tasks: 0, completed: 0, appointments: 0 };

  constructor(
    app: INestApplication,
    private readonly password: string,
    private readonly timezone: string,
    private readonly now: Date,
    private readonly progress: (line: string) => void,
  ) {
    this.commands = app.get(CommandBus);
    this.users = app.get(UsersQuery);
    this.tasks = app.get(DailyTasksQuery);
    this.materialiser = app.get(TemplateMaterialiser);
    this.today = localDate(now, timezone);
  }

  async tell(): Promise<DemoSeedResult> {
    const passwordHash = await hashPassword(this.password);
    const primary = await this.register('primary', DEMO_PRIMARY, passwordHash, this.at(-7, SETUP.register));
    this.progress(`${DEMO_PRIMARY.email} signed up (time zone ${this.timezone})`);
    for (const [index, demo] of [MAYA, ROBERT].entries()) this.recipients.push(await this.addRecipient(demo, SETUP.recipients[index]));
    this.progress(`care recipients ${this.recipients.map((r) => r.demo.input.firstName).join(' and ')} with medications and repeating schedules`);
    await this.fillCareHub();
    this.progress('Care Hub: emergency contacts, doctors and family support');
    await this.bringInHelper(primary, passwordHash);
    this.progress(`${DEMO_HELPER.email} accepted the invitation`);
    for (let day = FIRST_DAY; day <= 0; day++) await this.liveDay(day);
    this.progress(`a week of tasks: ${this.counts.completed} of the past ones completed`);
    return { status: 'seeded', timezone: this.timezone, today: this.today, primaryId: this.ids.primary, helperId: this.ids.helper, ...this.counts };
  }

  /** The instant the care team's clocks show `time` on day `day` (from today), never after now. */
  private at(day: number, time: string): string {
    const instant = localDateTimeToInstant(addDays(this.today, day), time, this.timezone);
    return Date.parse(instant) <= this.now.getTime() ? instant : this.now.toISOString();
  }

  private metadata(who: Who | null, occurredAt: string): CommandMetadata {
    return { actorId: who === null ? null : this.ids[who], correlationId: randomUUID(), occurredAt };
  }

  private async register(who: Who, person: { email: string; firstName: string; lastName: string }, passwordHash: string, occurredAt: string): Promise<User> {
    const userId: string = await this.commands.execute(
      new RegisterUser({ data: { userId: randomUUID(), ...person, passwordHash, role: 'parent' }, metadata: { actorId: null, correlationId: randomUUID(), occurredAt } }),
    );
    this.ids[who] = userId;
    if (who === 'primary') {
      const registered = await this.users.byId(userId);
      if (registered?.timezone !== this.timezone) await this.commands.execute(new ChangeTimezone({ userId, timezone: this.timezone, metadata: this.metadata('primary', occurredAt) }));
    }
    return (await this.users.byId(userId))!;
  }

  private async addRecipient(demo: DemoRecipient, times: { added: string; routines: string; tasks: string }): Promise<Recipient> {
    const childId = randomUUID();
    const added = this.metadata('primary', this.at(-7, times.added));
    await this.commands.execute(new AddCareRecipient({ childId, input: demo.input, metadata: added }));
    const medicationIds = new Map<string, string>();
    for (const { key, ...input } of demo.medications) {
      const medicationId = randomUUID();
      medicationIds.set(key, medicationId);
      await this.commands.execute(new AddMedication({ childId, medicationId, input, metadata: this.metadata('primary', added.occurredAt) }));
    }

    const items = demo.routines.map(({ medication, ...routine }) => ({
      templateId: randomUUID(),
      input: { ...routine, isRepeating: true, repeatStartDate: addDays(this.today, FIRST_DAY), medicationId: medication ? medicationIds.get(medication)! : null },
    }));
    const { templates } = await this.commands.execute(new CreateTaskTemplates({ childId, items, metadata: this.metadata('primary', this.at(-7, times.routines)) }));

    for (const { day, input } of demo.tasks) {
      // Planned ahead on the first evening, like the appointments already on the family's calendar.
      await this.commands.execute(new ScheduleTasks({ childId, input: { ...input, scheduledDate: addDays(this.today, day) }, metadata: this.metadata('primary', this.at(-7, times.tasks)) }));
      this.counts.tasks += 1;
      if (input.category === 'appointment') this.counts.appointments += 1;
    }
    return { id: childId, demo, templates };
  }

  private async fillCareHub(): Promise<void> {
    const occurredAt = this.at(-7, SETUP.careHub);
    for (const input of EMERGENCY_CONTACTS) {
      await this.commands.execute(
        new ExecuteEmergencyContactCommand({ type: 'AddEmergencyContact', data: { contactId: randomUUID(), input }, metadata: this.metadata('primary', occurredAt) }),
      );
    }
    for (const { id: childId, demo } of this.recipients) {
      for (const input of demo.doctors) {
        await this.commands.execute(
          new ExecuteCareDirectoryCommand({ type: 'AddDoctor', childId, data: { doctorId: randomUUID(), input }, metadata: this.metadata('primary', occurredAt) }),
        );
      }
      for (const input of demo.support) {
        await this.commands.execute(
          new ExecuteCareDirectoryCommand({ type: 'AddFamilySupport', childId, data: { resourceId: randomUUID(), input }, metadata: this.metadata('primary', occurredAt) }),
        );
      }
    }
  }

  /** The care team's own path: an invitation to the shared recipients with edit rights, accepted by a new account. */
  private async bringInHelper(primary: User, passwordHash: string): Promise<void> {
    const shared = this.recipients.filter((r) => r.demo.sharedWithHelper).map((r) => r.id);
    const invitation = await this.commands.execute(
      new InviteCaregiver({ inviter: primary, input: { inviteeEmail: DEMO_HELPER.email, inviteeName: `${DEMO_HELPER.firstName} ${DEMO_HELPER.lastName}`, childIds: shared, canEdit: true }, metadata: this.metadata('primary', this.at(-7, SETUP.invite)) }
      ),
    );
    const helper = await this.register('helper', DEMO_HELPER, passwordHash, this.at(-7, SETUP.helperRegisters));
    const token = new URL(invitation.acceptUrl).pathname.split('/').pop()!;
    await this.commands.execute(new AcceptInvitation({ token, user: helper, address: 'seed-demo', metadata: this.metadata('helper', this.at(-7, SETUP.helperAccepts)) }));
  }

  /**
   * One day of the week: the worker materialises the repeating schedules just after midnight, then
   * the caregivers complete that day's tasks in time order, shortly after each one's time (only what
   * is already past now; some are missed). The helper takes about half of what is shared with them.
   */
  private async liveDay(day: number): Promise<void> {
    const date = addDays(this.today, day);
    // As the recurring-tasks job does: occurrences are recorded in the name of who set up the schedules.
    const worker = this.metadata('primary', this.at(day, WORKER_TIME));
    for (const { templates } of this.recipients) {
      for (const template of templates) this.counts.tasks += (await this.materialiser.materialiseDay(template, date, this.timezone, worker)).length;
    }

    const planned = this.recipients.flatMap((r) => r.demo.tasks.filter((t) => t.day === day).map((t) => ({ ...t, childId: r.id })));
    const completions: { task: Task; at: number; who: Who; notes: string | null }[] = [];
    for (const recipient of this.recipients) {
      for (const task of await this.tasks.onDate([recipient.id], date, this.now)) {
        if (task.status !== 'pending') continue;
        const scripted = planned.find((p) => p.childId === task.childId && p.input.name === task.name);
        const at = Date.parse(task.scheduledTime) + (task.category === 'appointment' ? 75 : 2 + Math.floor(this.random() * 24)) * 60_000;
        const missed = !scripted && this.random() < MISSED_SHARE;
        if (at > this.now.getTime() - 60_000 || missed || (scripted && !scripted.doneBy)) continue;
        const who: Who = scripted?.doneBy?.who ?? (recipient.demo.sharedWithHelper && this.random() < 0.5 ? 'helper' : 'primary');
        const notes = scripted?.doneBy?.notes ?? this.noteFor(recipient.demo, task);
        completions.push({ task, at, who, notes });
      }
    }
    completions.sort((a, b) => a.at - b.at);
    for (const { task, at, who, notes } of completions) {
      await this.commands.execute(new CompleteTask({ taskId: task.id, notes, metadata: this.metadata(who, new Date(at).toISOString()) }));
      this.counts.completed += 1;
    }
  }

  private noteFor(demo: DemoRecipient, task: Task): string | null {
    const notes = demo.completionNotes[task.category];
    if (!notes || this.random() >= 0.3) return null;
    return notes[Math.floor(this.random() * notes.length)];
  }
}
