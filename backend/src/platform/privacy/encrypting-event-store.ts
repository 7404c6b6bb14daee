import { DomainError } from '../commands/domain-error';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent, RecordedEvent, StreamAppend, StreamRange, SubscribeOptions, Subscription, WrongExpectedVersionError } from '../event-store/event-store';
import { open, seal, type DataKey, type DataKeys } from './data-keys';
import type { PersonalData } from './personal-data';

/** How an encrypted field is stored in the event's data: the subject whose key sealed it, and the sealed JSON. */
interface Sealed {
  $enc: string;
  subject: string;
}

const isSealed = (value: unknown): value is Sealed =>
  typeof value === 'object' && value !== null && typeof (value as Sealed).$enc === 'string' && typeof (value as Sealed).subject === 'string';

/** Binds a sealed value to its place: it cannot be moved to another subject, event type or field. */
const contextOf = (subject: string, type: string, field: string) => `${subject}/${type}/${field}`;

export class SubjectErasedError extends DomainError {
  constructor() {
    super('PRIVACY.SUBJECT_ERASED', 'not_found', 'This person has been erased.');
  }
}

/**
 * Crypto-shredding around either event-store adapter. On append, the fields an event type declares
 * personal (PersonalData) are replaced by `{$enc, subject}`: AES-256-GCM of their JSON with the
 * subject's data key. On every read (streams, $all, subscriptions) sealed fields are opened again;
 * fields without the marker are plaintext from before encryption and pass through. A field whose
 * key is destroyed reads as its declared erased value ("Erased" for text), so replays never fail.
 * Null values are not personal and stay null.
 */
export class EncryptingEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly keys: DataKeys,
    private readonly personalData: PersonalData,
  ) {}

  async append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    return this.inner.append(streamId, await this.sealAll(events), expectedRevision);
  }

  async appendMany(appends: StreamAppend[]): Promise<(AppendResult | WrongExpectedVersionError)[]> {
    const sealed = await this.sealAll(appends.flatMap((a) => a.events));
    let next = 0;
    return this.inner.appendMany(appends.map((a) => ({ ...a, events: sealed.slice(next, (next += a.events.length)) })));
  }

  async readStream(streamId: string, range?: StreamRange): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readStream(streamId, range));
  }

  async readStreams(streamIds: string[]): Promise<Map<string, RecordedEvent[]>> {
    const streams = await this.inner.readStreams(streamIds);
    for (const [streamId, events] of streams) streams.set(streamId, await this.openAll(events));
    return streams;
  }

  async readAll(fromPosition: bigint | null, maxCount?: number): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readAll(fromPosition, maxCount));
  }

  subscribe(fromPosition: bigint | null, options: SubscribeOptions): Subscription {
    return this.inner.subscribe(fromPosition, { ...options, handle: async (batch) => options.handle(await this.openAll(batch)) });
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** The events with their personal fields sealed, each with its subject's key (fetched once for all). */
  private async sealAll(events: NewEvent[]): Promise<NewEvent[]> {
    const subjects = events.map((e) => this.personalData.subjectOf(e));
    const keys = await this.keys.keysFor(subjects.filter((s): s is string => s !== null));
    return events.map((event, i) => {
      const subject = subjects[i];
      return subject === null ? event : { ...event, data: this.seal(event, subject, keys.get(subject) as DataKey) };
    });
  }

  private seal(event: NewEvent, subject: string, key: DataKey): Record<string, unknown> {
    const fields = this.personalData.of(event.type)?.fields ?? {};
    const data: Record<string, unknown> = { ...event.data };
    for (const field of Object.keys(fields)) {
      const value = data[field];
      if (value === null || value === undefined) continue;
      if (key === 'destroyed') throw new SubjectErasedError();
      const sealed = seal(key, Buffer.from(JSON.stringify(value)), contextOf(subject, event.type, field));
      data[field] = { $enc: sealed.toString('base64'), subject } satisfies Sealed;
    }
    return data;
  }

  private async openAll(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const opened: RecordedEvent[] = [];
    for (const event of events) opened.push(await this.openEvent(event));
    return opened;
  }

  private async openEvent(event: RecordedEvent): Promise<RecordedEvent> {
    let data: Record<string, unknown> | null = null;
    for (const [field, value] of Object.entries(event.data)) {
      if (!isSealed(value)) continue;
      data ??= { ...event.data };
      const key = await this.keys.keyOf(value.subject);
      data[field] =
        key === null || key === 'destroyed'
          ? this.personalData.erasedValue(event.type, field, value.subject)
          : JSON.parse(open(key, Buffer.from(value.$enc, 'base64'), contextOf(value.subject, event.type, field)).toString());
    }
    return data === null ? event : { ...event, data };
  }
}
