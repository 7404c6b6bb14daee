import { EntitySchema, type EntityProperty } from '@mikro-orm/postgresql';
import { KIND_NAMES, type ContactDetails, type ContactKind } from '../../domain/contacts';

/**
 * The spec's three tables, one shape: an entry's id, its family (`emergency_contacts.family_id`, the
 * spec's `userId`) or recipient (`child_id`), its kind's details, and when it was added and last
 * changed. Only the columns of the details differ per kind.
 */
export type ContactRow<K extends ContactKind> = { id: string; createdAt: Date; updatedAt: Date } & ContactDetails[K] & Record<ScopeField<K>, string>;
export type ScopeField<K extends ContactKind> = (typeof KIND_NAMES)[K]['scope'];

type Column = Partial<EntityProperty>;
const TEXT: Column = { type: 'text' };
const OPTIONAL_TEXT: Column = { type: 'text', nullable: true };
const FLAG: Column = { type: 'boolean' };
const SCOPE: Column = { type: 'uuid', index: true };

const TABLES = {
  emergencyContact: { entity: 'EmergencyContactEntity', table: 'emergency_contacts' },
  doctor: { entity: 'DoctorEntity', table: 'doctors' },
  familySupport: { entity: 'FamilySupportEntity', table: 'family_support' },
} as const satisfies Record<ContactKind, { entity: string; table: string }>;

// prettier-ignore
const DETAIL_COLUMNS: { [K in ContactKind]: Record<keyof ContactDetails[K], Column> } = {
  emergencyContact: { name: TEXT, phoneNumber: TEXT, relationship: OPTIONAL_TEXT, contactType: TEXT, isPrimary: FLAG, notes: OPTIONAL_TEXT, email: OPTIONAL_TEXT },
  doctor: { name: TEXT, specialty: TEXT, phoneNumber: OPTIONAL_TEXT, email: OPTIONAL_TEXT, address: OPTIONAL_TEXT, notes: OPTIONAL_TEXT, isPrimary: FLAG },
  familySupport: { name: TEXT, role: TEXT, organization: OPTIONAL_TEXT, phoneNumber: OPTIONAL_TEXT, email: OPTIONAL_TEXT, notes: OPTIONAL_TEXT },
};

function contactTable<K extends ContactKind>(kind: K): EntitySchema<ContactRow<K>> {
  const { entity, table } = TABLES[kind];
  return new EntitySchema<ContactRow<K>>({
    name: entity,
    tableName: table,
    properties: {
      id: { type: 'uuid', primary: true },
      [KIND_NAMES[kind].scope]: SCOPE,
      ...DETAIL_COLUMNS[kind],
      createdAt: { type: 'timestamptz' },
      updatedAt: { type: 'timestamptz' },
    } as never,
  });
}

/** Each kind's table. */
export const CONTACT_TABLES = {
  emergencyContact: contactTable('emergencyContact'),
  doctor: contactTable('doctor'),
  familySupport: contactTable('familySupport'),
} as const;

export const tableOf = <K extends ContactKind>(kind: K) => TABLES[kind].table;

/** A kind's table where the kind is only known at run time (the projection and query of any kind). */
export const tableOfKind = (kind: ContactKind) => CONTACT_TABLES[kind] as unknown as EntitySchema<Record<string, unknown>>;
