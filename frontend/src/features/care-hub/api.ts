import type {
  CareHubFamily,
  Child,
  Doctor,
  DoctorInput,
  EmergencyContact,
  EmergencyContactInput,
  FamilySupportInput,
  FamilySupportResource,
} from '@carecircle/libs';
import { baseApi } from '../../app/base-api';

/**
 * Care Hub endpoints (spec document 3, section 7): one set for the three kinds of its directory,
 * a family's emergency contacts and a recipient's doctors and family support. Tags:
 * - `{type: 'EmergencyContact', id: 'LIST'}`: the user's contact list (every family they see);
 * - `{type: 'Doctor', id: childId}` and `{type: 'FamilySupport', id: childId}`: one recipient's directory;
 * - `{type: 'Child', id: 'LIST'}`: the recipient list (shared with the care-recipients feature, which
 *   invalidates it when a recipient is added or removed) and the families, which follow from it.
 * A delete and its Undo (restore) invalidate the same list as an add.
 */
export type ContactKind = 'emergencyContact' | 'doctor' | 'familySupport';

/** An entry of each kind, and what its dialog sends. */
export interface ContactEntries {
  emergencyContact: EmergencyContact;
  doctor: Doctor;
  familySupport: FamilySupportResource;
}
export interface ContactInputs {
  emergencyContact: EmergencyContactInput;
  doctor: DoctorInput;
  familySupport: FamilySupportInput;
}
export type ContactEntry = ContactEntries[ContactKind];

/** Where an entry lives: emergency contacts are the user's families' (no recipient), the others a recipient's. */
export type ContactList = { kind: 'emergencyContact' } | { kind: 'doctor' | 'familySupport'; childId: string };

const CONTACT_LIST = { type: 'EmergencyContact', id: 'LIST' } as const;
const CHILD_LIST = { type: 'Child', id: 'LIST' } as const;

const enc = encodeURIComponent;

/** Each kind's routes: the list's (GET, POST) and an entry's (PUT, DELETE, restore). */
const ROUTES = {
  emergencyContact: { list: () => 'emergency-contacts', entry: 'emergency-contacts', tag: 'EmergencyContact' },
  doctor: { list: (childId: string) => `children/${enc(childId)}/doctors`, entry: 'doctors', tag: 'Doctor' },
  familySupport: { list: (childId: string) => `children/${enc(childId)}/family-support`, entry: 'family-support', tag: 'FamilySupport' },
} as const;

const listUrl = (list: ContactList) => (list.kind === 'emergencyContact' ? ROUTES.emergencyContact.list() : ROUTES[list.kind].list(list.childId));
const entryUrl = (list: ContactList, id: string, action = '') => `${ROUTES[list.kind].entry}/${enc(id)}${action}`;
const tagsOf = (list: ContactList) => (list.kind === 'emergencyContact' ? [CONTACT_LIST] : [{ type: ROUTES[list.kind].tag, id: list.childId }]);
/** A recipient's entry names its recipient in the body, as the spec's forms send it. */
const bodyOf = (list: ContactList, input: object) => (list.kind === 'emergencyContact' ? input : { ...input, childId: list.childId });

type Save = { list: ContactList; input: ContactInputs[ContactKind] };
type Change = { list: ContactList; id: string };

export const careHubApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/children, under its own name here: the care-recipients feature is not imported. */
    getCareHubRecipients: build.query<Child[], void>({
      query: () => 'children',
      providesTags: (children) => [CHILD_LIST, ...(children ?? []).map((child) => ({ type: 'Child' as const, id: child.id }))],
    }),
    /** GET /api/care-hub/families: the user's own family first, then those who share a recipient with them. */
    getCareHubFamilies: build.query<CareHubFamily[], void>({
      query: () => 'care-hub/families',
      providesTags: [CHILD_LIST],
    }),

    getContacts: build.query<ContactEntry[], ContactList>({
      query: listUrl,
      providesTags: (_result, _error, list) => tagsOf(list),
    }),
    addContact: build.mutation<ContactEntry, Save>({
      query: ({ list, input }) => ({ url: listUrl(list), method: 'POST', body: bodyOf(list, input) }),
      invalidatesTags: (_result, _error, { list }) => tagsOf(list),
    }),
    updateContact: build.mutation<ContactEntry, Save & { id: string }>({
      query: ({ list, id, input }) => ({ url: entryUrl(list, id), method: 'PUT', body: bodyOf(list, input) }),
      invalidatesTags: (_result, _error, { list }) => tagsOf(list),
    }),
    deleteContact: build.mutation<void, Change>({
      query: ({ list, id }) => ({ url: entryUrl(list, id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { list }) => tagsOf(list),
    }),
    restoreContact: build.mutation<ContactEntry, Change>({
      query: ({ list, id }) => ({ url: entryUrl(list, id, '/restore'), method: 'POST' }),
      invalidatesTags: (_result, _error, { list }) => tagsOf(list),
    }),
  }),
});

export const {
  useGetCareHubRecipientsQuery,
  useGetCareHubFamiliesQuery,
  useGetContactsQuery,
  useAddContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
  useRestoreContactMutation,
} = careHubApi;
