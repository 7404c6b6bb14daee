import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../commands/decider';

/** What a personal field reads as once its subject's key is destroyed (replays, rebuilds, history). */
export const ERASED = 'Erased';

/**
 * The erased stand-in of one field: a value every projection can store. Text reads as "Erased";
 * nullable columns of another type (dates, JSON) read as null, a required JSON object as {}; a unique column gets a function of
 * the subject id so two erased subjects never collide in a rebuild.
 */
export type ErasedValue = typeof ERASED | null | Readonly<Record<string, never>> | ((subjectId: string) => string);

type DataOf<E extends DomainEvent, T extends E['type']> = Extract<E, { type: T }>['data'];
type FieldOf<E extends DomainEvent, T extends E['type']> = Extract<keyof DataOf<E, T>, string>;

/**
 * A module's declaration of which fields of its events are personal, and whose: `subject` names the
 * data field that holds the subject's id (a user id or a care recipient id). The platform encrypts
 * those fields with that subject's key on append and decrypts them on read.
 */
export type PersonalDataDeclaration<E extends DomainEvent> = {
  [T in E['type']]?: { subject: FieldOf<E, T>; fields: Partial<Record<FieldOf<E, T>, ErasedValue>> };
};

interface Declared {
  subject: string;
  fields: Record<string, ErasedValue>;
}

/** Every module's declarations, by event type. Modules declare in their module constructor. */
@Injectable()
export class PersonalData {
  private readonly byType = new Map<string, Declared>();

  declare<E extends DomainEvent>(declaration: PersonalDataDeclaration<E>): void {
    for (const [type, declared] of Object.entries(declaration) as [string, Declared][]) {
      if (this.byType.has(type)) throw new Error(`Personal data of ${type} is declared twice`);
      this.byType.set(type, declared);
    }
  }

  of(type: string): Declared | undefined {
    return this.byType.get(type);
  }

  /** The subject an event's personal data belongs to, or null when its type declares none. */
  subjectOf(event: { type: string; data: object }): string | null {
    const declared = this.byType.get(event.type);
    const subject = declared && (event.data as Record<string, unknown>)[declared.subject];
    return typeof subject === 'string' ? subject : null;
  }

  erasedValue(type: string, field: string, subjectId: string): unknown {
    const erased = this.byType.get(type)?.fields[field];
    if (erased === undefined) return ERASED;
    return typeof erased === 'function' ? erased(subjectId) : erased;
  }
}
