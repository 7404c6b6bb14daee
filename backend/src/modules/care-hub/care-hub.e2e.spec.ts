import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import { CARE_HUB_LIMITS, CARE_HUB_TEXT, PHONE_INVALID, PHONE_TEXT, VALIDATION_MESSAGES, type User } from '@carecircle/libs';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store';
import { signUpFamilyAndStranger, type FamilyAndStranger } from '../../test-support/family-and-stranger';
import { commandMetadata, useTestApp } from '../../test-support/test-app';
import { settledEventCount } from '../../test-support/event-count';
import { EmergencyContactsQuery } from './index';

/**
 * The Care Hub over HTTP (issue 10): every route for the primary caregiver, a secondary caregiver
 * with edit rights, one who only views, another family and an anonymous visitor; bad input is a
 * 400 or 404 that records nothing; Undo restores; two families never see each other's entries.
 */
describe('Care Hub over HTTP', () => {
  let as: FamilyAndStranger['as'];
  let owner: User;
  let editor: User;
  let viewer: User;
  let stranger: User;
  let childId: string;
  let strangerChildId: string;

  const events = () => t.eventCount();
  const share = (userId: string, canEdit: boolean) => t.grantAccess(childId, owner.id, userId, canEdit);

  const t = useTestApp({}, 60_000);
  beforeAll(async () => {
    ({ as, owner, editor, viewer, stranger, childId, strangerChildId } = await signUpFamilyAndStranger(t));
  }, 60_000);

  const contact = { name: 'Rosa Lopez', phoneNumber: '(202) 555-0143', relationship: 'Grandmother', contactType: 'family', isPrimary: true, notes: 'Has a spare key' };
  const addContact = async (agent: TestAgent, body: object = contact) => (await agent.post('/api/emergency-contacts').send(body).expect(201)).body;
  const contactsOf = async (agent: TestAgent) => (await agent.get('/api/emergency-contacts').expect(200)).body as { id: string; familyId: string; name: string; canEdit: boolean }[];

  describe('GET /api/care-hub/families', () => {
    it('own family first; the family of each recipient shared, editable with edit rights; 401 anonymous', async () => {
      expect((await as.owner.get('/api/care-hub/families').expect(200)).body).toEqual([{ familyId: owner.id, name: 'Olivia Owner', isOwn: true, canEdit: true }]);
      // A helper who owns no recipient has no list of their own (nobody else would see it): only the family they help.
      expect((await as.editor.get('/api/care-hub/families').expect(200)).body).toEqual([{ familyId: owner.id, name: 'Olivia Owner', isOwn: false, canEdit: true }]);
      expect((await as.viewer.get('/api/care-hub/families').expect(200)).body).toEqual([{ familyId: owner.id, name: 'Olivia Owner', isOwn: false, canEdit: false }]);
      expect((await as.stranger.get('/api/care-hub/families').expect(200)).body).toEqual([{ familyId: stranger.id, name: 'Sam Stranger', isOwn: true, canEdit: true }]);
      await as.anonymous.get('/api/care-hub/families').expect(401);
    });
  });

  describe('emergency contacts', () => {
    it('POST: 201 with the phone in E.164; the default family, a named family, view-only 403, another family 404, anonymous 401', async () => {
      const created = await addContact(as.owner);
      expect(created).toEqual({
        id: expect.any(String),
        familyId: owner.id,
        name: 'Rosa Lopez',
        phoneNumber: '+12025550143',
        relationship: 'Grandmother',
        contactType: 'family',
        isPrimary: true,
        notes: 'Has a spare key',
        email: null,
        canEdit: true,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      // The editor owns no recipient and may edit exactly one other family: that one is their default.
      expect((await addContact(as.editor, { name: 'Babysitter Bo', phoneNumber: '+44 20 7946 0958', relationship: 'Babysitter', contactType: 'childcare' })).familyId).toBe(owner.id);
      // They have no list of their own to add to.
      const notOwn = await as.editor.post('/api/emergency-contacts').send({ name: 'Eddie own', phoneNumber: '+12025550100', familyId: editor.id }).expect(404);
      expect(notOwn.body).toMatchObject({ statusCode: 404, message: CARE_HUB_TEXT.familyNotFound });
      // The viewer may not change the family they help, named or by default: no private list is made instead.
      const before = await events();
      for (const familyId of [owner.id, undefined, viewer.id]) {
        const refused = await as.viewer.post('/api/emergency-contacts').send({ ...contact, familyId });
        expect(refused.body).toEqual(
          familyId === viewer.id
            ? { statusCode: 404, message: CARE_HUB_TEXT.familyNotFound, code: 'CARE_HUB.NOT_FOUND' }
            : { statusCode: 403, message: CARE_HUB_TEXT.viewOnly.family, code: 'CARE_HUB.FORBIDDEN' },
        );
      }
      expect(await events()).toBe(before);
      const hidden = await as.stranger.post('/api/emergency-contacts').send({ ...contact, familyId: owner.id }).expect(404);
      expect(hidden.body).toMatchObject({ statusCode: 404, message: CARE_HUB_TEXT.familyNotFound });
      expect((await addContact(as.stranger, { name: 'Stranger own', phoneNumber: '+12025550199' })).familyId).toBe(stranger.id);
      await as.anonymous.post('/api/emergency-contacts').send(contact).expect(401);
    });

    it('GET: every family the user belongs to, primary first then oldest first, with canEdit; anonymous 401', async () => {
      const ownerFamily = ['Rosa Lopez', 'Babysitter Bo'];
      expect((await contactsOf(as.owner)).map((c) => [c.name, c.canEdit])).toEqual(ownerFamily.map((name) => [name, true]));
      expect((await contactsOf(as.editor)).map((c) => [c.name, c.canEdit])).toEqual([['Rosa Lopez', true], ['Babysitter Bo', true]]);
      expect((await contactsOf(as.viewer)).map((c) => [c.name, c.canEdit])).toEqual([['Rosa Lopez', false], ['Babysitter Bo', false]]);
      expect((await contactsOf(as.stranger)).map((c) => c.name)).toEqual(['Stranger own']);
      await as.anonymous.get('/api/emergency-contacts').expect(401);
    });

    it('PUT, DELETE and restore: primary and editor may, view-only 403, another family 404, anonymous 401', async () => {
      const { id } = await addContact(as.owner, { name: 'Uncle Tom', phoneNumber: '202 555 0100', relationship: 'Uncle' });
      const edit = { name: 'Uncle Tom', phoneNumber: '+1 202 555 0101', relationship: 'Uncle', contactType: 'other' };
      for (const agent of [as.viewer]) await agent.put(`/api/emergency-contacts/${id}`).send(edit).expect(403);
      for (const agent of [as.stranger]) await agent.put(`/api/emergency-contacts/${id}`).send(edit).expect(404);
      await as.anonymous.put(`/api/emergency-contacts/${id}`).send(edit).expect(401);
      expect((await as.owner.put(`/api/emergency-contacts/${id}`).send(edit).expect(200)).body).toMatchObject({ phoneNumber: '+12025550101', contactType: 'other', isPrimary: false, canEdit: true });
      expect((await as.editor.put(`/api/emergency-contacts/${id}`).send({ ...edit, notes: 'By the editor' }).expect(200)).body).toMatchObject({ notes: 'By the editor', familyId: owner.id });

      await as.viewer.delete(`/api/emergency-contacts/${id}`).expect(403);
      const notFound = await as.stranger.delete(`/api/emergency-contacts/${id}`).expect(404);
      expect(notFound.body).toMatchObject({ message: CARE_HUB_TEXT.notFound.contact });
      await as.anonymous.delete(`/api/emergency-contacts/${id}`).expect(401);
      await as.editor.delete(`/api/emergency-contacts/${id}`).expect(204);
      expect((await contactsOf(as.owner)).map((c) => c.id)).not.toContain(id);

      // Undo: found in the family's stream though its row is gone.
      await as.viewer.post(`/api/emergency-contacts/${id}/restore`).expect(403);
      await as.stranger.post(`/api/emergency-contacts/${id}/restore`).expect(404);
      await as.anonymous.post(`/api/emergency-contacts/${id}/restore`).expect(401);
      const restored = (await as.owner.post(`/api/emergency-contacts/${id}/restore`).expect(200)).body;
      expect(restored).toMatchObject({ id, name: 'Uncle Tom', notes: 'By the editor', canEdit: true });
      await as.editor.post(`/api/emergency-contacts/${id}/restore`).expect(200); // pressed twice: nothing more happens
      expect((await contactsOf(as.viewer)).find((c) => c.id === id)).toMatchObject({ canEdit: false, notes: 'By the editor' });
      await as.owner.delete(`/api/emergency-contacts/${id}`).expect(204);
      await as.owner.delete(`/api/emergency-contacts/${id}`).expect(404); // already deleted
      await as.owner.put(`/api/emergency-contacts/${id}`).send(edit).expect(404);
      await as.owner.post(`/api/emergency-contacts/${id}/restore`).expect(200);
    });

    it('an optional email for urgent alerts: stored trimmed and encrypted, changed, cleared; emailsOf lists the family\'s, primary first', async () => {
      const { user, agent } = await t.signUp();
      const secretAddress = `aunt.${randomUUID().slice(0, 8)}@example.com`;
      const aunt = await addContact(agent, { name: 'Aunt Rita', phoneNumber: '+12025550100', email: `  ${secretAddress} ` });
      expect(aunt).toMatchObject({ name: 'Aunt Rita', email: secretAddress });
      const grandma = await addContact(agent, { name: 'Grandma', phoneNumber: '+12025550101', isPrimary: true, email: 'grandma@example.com' });
      const none = await addContact(agent, { name: 'No email', phoneNumber: '+12025550100', email: '' });
      expect(none.email).toBeNull();
      expect((await addContact(agent, { name: 'Null email', phoneNumber: '+12025550100', email: null })).email).toBeNull();
      expect((await contactsOf(agent)).find((c) => c.id === aunt.id)).toMatchObject({ email: secretAddress });

      // The event store holds the address sealed with the family's key, never in plain text.
      const stored = await t.sql("SELECT data::text AS data FROM es_events WHERE stream_id = $1", [`emergency-contacts-${user.id}`]);
      expect(stored.rows.length).toBeGreaterThan(0);
      for (const row of stored.rows) expect(row.data).not.toContain(secretAddress);

      // What an urgent escalation reads (the notifications module, through the module's index).
      const addresses = t.app.get(EmergencyContactsQuery);
      expect(await addresses.emailsOf(user.id)).toEqual([
        { contactId: grandma.id, name: 'Grandma', email: 'grandma@example.com' },
        { contactId: aunt.id, name: 'Aunt Rita', email: secretAddress },
      ]);
      // Changed, cleared by a blank, and gone with a deleted contact.
      expect((await agent.put(`/api/emergency-contacts/${none.id}`).send({ name: 'No email', phoneNumber: '+12025550100', email: 'now@example.com' }).expect(200)).body.email).toBe('now@example.com');
      expect((await agent.put(`/api/emergency-contacts/${aunt.id}`).send({ name: 'Aunt Rita', phoneNumber: '+12025550100', email: '  ' }).expect(200)).body.email).toBeNull();
      await agent.delete(`/api/emergency-contacts/${grandma.id}`).expect(204);
      expect(await addresses.emailsOf(user.id)).toEqual([{ contactId: none.id, name: 'No email', email: 'now@example.com' }]);
      // Undo brings the contact back with its email.
      expect((await agent.post(`/api/emergency-contacts/${grandma.id}/restore`).expect(200)).body.email).toBe('grandma@example.com');
      expect((await addresses.emailsOf(user.id)).map((a) => a.name)).toEqual(['Grandma', 'No email']);
      expect(await addresses.emailsOf(stranger.id)).toEqual([]);
      expect(await addresses.emailsOf(randomUUID())).toEqual([]);
    });

    it('restoring keeps the contact where it was in the list (its first added time)', async () => {
      const before = await contactsOf(as.owner);
      const first = before[0];
      await as.owner.delete(`/api/emergency-contacts/${first.id}`).expect(204);
      await as.owner.post(`/api/emergency-contacts/${first.id}/restore`).expect(200);
      expect((await contactsOf(as.owner)).map((c) => c.id)).toEqual(before.map((c) => c.id));
    });

    it('bad input is a 400 (or 404 for ids) that records nothing', async () => {
      const { id } = (await contactsOf(as.owner))[0];
      const strangerContact = (await contactsOf(as.stranger))[0].id;
      const snapshot = async () => ({ events: await events(), owner: await contactsOf(as.owner), stranger: await contactsOf(as.stranger) });
      const before = await snapshot();
      const bad: [string, object, string, string?][] = [
        ['missing name', { phoneNumber: '+12025550100' }, 'name', CARE_HUB_TEXT.contactRequiredName],
        ['blank name', { name: '   ', phoneNumber: '+12025550100' }, 'name', CARE_HUB_TEXT.contactRequiredName],
        ['missing phone', { name: 'Rosa' }, 'phoneNumber', CARE_HUB_TEXT.contactRequiredPhone],
        ['an invalid phone', { name: 'Rosa', phoneNumber: '555-01' }, 'phoneNumber', PHONE_INVALID],
        ['an unknown contact type', { name: 'Rosa', phoneNumber: '+12025550100', contactType: 'friend' }, 'contactType', CARE_HUB_TEXT.unknown.contactType],
        ['an unknown relationship', { name: 'Rosa', phoneNumber: '+12025550100', relationship: 'Neighbour' }, 'relationship', CARE_HUB_TEXT.unknown.relationship],
        ['10 kB of notes', { name: 'Rosa', phoneNumber: '+12025550100', notes: 'x'.repeat(10_000) }, 'notes'],
        ['a NUL in the name', { name: 'Ro\u0000sa', phoneNumber: '+12025550100' }, 'name'],
        ['an array for the name', { name: ['Rosa'], phoneNumber: '+12025550100' }, 'name'],
        ['a number for the phone', { name: 'Rosa', phoneNumber: 2025550143 }, 'phoneNumber'],
        ['text for isPrimary', { name: 'Rosa', phoneNumber: '+12025550100', isPrimary: 'yes' }, 'isPrimary'],
        ['a familyId that is not an id', { name: 'Rosa', phoneNumber: '+12025550100', familyId: 'mine' }, 'familyId'],
        ['an email without a domain', { name: 'Rosa', phoneNumber: '+12025550100', email: 'rosa@' }, 'email', CARE_HUB_TEXT.emailInvalid],
        ['an email that is not one', { name: 'Rosa', phoneNumber: '+12025550100', email: 'rosa at example.com' }, 'email', CARE_HUB_TEXT.emailInvalid],
        ['two addresses', { name: 'Rosa', phoneNumber: '+12025550100', email: 'rosa@example.com, tom@example.com' }, 'email', CARE_HUB_TEXT.emailInvalid],
        ['a CRLF header injection in the email', { name: 'Rosa', phoneNumber: '+12025550100', email: 'rosa@example.com\r\nBcc: all@example.com' }, 'email', CARE_HUB_TEXT.emailInvalid],
        ['a NUL in the email', { name: 'Rosa', phoneNumber: '+12025550100', email: 'rosa\u0000@example.com' }, 'email', `email ${VALIDATION_MESSAGES.unsafeText}`],
        ['a 300-character email', { name: 'Rosa', phoneNumber: '+12025550100', email: `${'r'.repeat(288)}@example.com` }, 'email', CARE_HUB_TEXT.emailInvalid],
        ['a number for the email', { name: 'Rosa', phoneNumber: '+12025550100', email: 42 }, 'email', CARE_HUB_TEXT.emailInvalid],
        ['an array for the email', { name: 'Rosa', phoneNumber: '+12025550100', email: ['rosa@example.com'] }, 'email', CARE_HUB_TEXT.emailInvalid],
      ];
      for (const [label, body, field, message] of bad) {
        for (const send of [() => as.owner.post('/api/emergency-contacts').send(body), () => as.owner.put(`/api/emergency-contacts/${id}`).send(body)]) {
          const res = await send();
          expect({ label, status: res.status, fields: (res.body.errors ?? []).map((e: { field: string }) => e.field) }).toEqual({ label, status: 400, fields: expect.arrayContaining([field]) });
          if (message) expect(res.body.message).toBe(message);
        }
      }
      // Ids: another family's contact, an unknown one, one that is not a UUID; another family's familyId.
      for (const target of [strangerContact, randomUUID(), 'not-a-uuid', '1']) {
        await as.owner.put(`/api/emergency-contacts/${target}`).send({ name: 'Mine now', phoneNumber: '+12025550100' }).expect(404);
        await as.owner.delete(`/api/emergency-contacts/${target}`).expect(404);
        await as.owner.post(`/api/emergency-contacts/${target}/restore`).expect(404);
      }
      await as.owner.post('/api/emergency-contacts').send({ name: 'Planted', phoneNumber: '+12025550100', familyId: stranger.id }).expect(404);
      await as.owner.post('/api/emergency-contacts').send([{ name: 'Rosa', phoneNumber: '+12025550100' }]).expect(400);
      expect(await snapshot()).toEqual(before);
    });

    /**
     * Issue 22: each list's maximum (a family's emergency contacts, a recipient's doctors and family
     * support). Given one short of it (appended at once: the rules themselves are unit-tested), the
     * last one over HTTP is a 201, the next a 400 naming the limit that records nothing.
     */
    it.each([
      { list: 'emergency contacts', limit: CARE_HUB_LIMITS.emergencyContacts, message: CARE_HUB_TEXT.tooMany.contact, code: 'CARE_HUB.CONTACT_LIMIT' },
      { list: 'doctors', limit: CARE_HUB_LIMITS.doctors, message: CARE_HUB_TEXT.tooMany.doctor, code: 'CARE_HUB.DOCTOR_LIMIT' },
      { list: 'family support', limit: CARE_HUB_LIMITS.familySupport, message: CARE_HUB_TEXT.tooMany.support, code: 'CARE_HUB.SUPPORT_LIMIT' },
    ])('$list: at most $limit, the last one is a 201, the next a 400 naming it that records nothing', async ({ list, limit, message, code }) => {
      const { user, agent } = await t.signUp();
      const child = (await agent.post('/api/children').send({ firstName: 'Nia', lastName: 'Park' }).expect(201)).body.id as string;
      const addedAt = new Date().toISOString();
      const contact = (i: number) => ({ type: 'EmergencyContactAdded', data: { familyId: user.id, contactId: randomUUID(), name: `Contact ${i}`, phoneNumber: '+12025550100', relationship: null, contactType: 'family', isPrimary: false, notes: null, addedAt } });
      const doctor = (i: number) => ({ type: 'DoctorAdded', data: { childId: child, doctorId: randomUUID(), name: `Dr. ${i}`, specialty: 'pediatrician', phoneNumber: null, email: null, address: null, notes: null, isPrimary: false, addedAt } });
      const support = (i: number) => ({ type: 'FamilySupportAdded', data: { childId: child, resourceId: randomUUID(), name: `Support ${i}`, role: 'teacher', organization: null, phoneNumber: null, email: null, notes: null, addedAt } });
      const [stream, make, route, read] =
        list === 'emergency contacts'
          ? [`emergency-contacts-${user.id}`, contact, '/api/emergency-contacts', '/api/emergency-contacts']
          : list === 'doctors'
            ? [`care-directory-${child}`, doctor, `/api/children/${child}/doctors`, `/api/children/${child}/doctors`]
            : [`care-directory-${child}`, support, `/api/children/${child}/family-support`, `/api/children/${child}/family-support`];
      const store = t.app.get<EventStore>(EVENT_STORE);
      const start = await events();
      const nearlyFull = Array.from({ length: limit - 1 }, (_, i) => ({ id: randomUUID(), ...make(i), metadata: { ...commandMetadata(user.id), causationId: null } }));
      await store.append(stream, nearlyFull, 'no_stream');
      await settledEventCount(store, start + nearlyFull.length);
      await agent.post(route).send({ name: 'The last one', phoneNumber: '+12025550100' }).expect(201);
      const before = { events: await events(), list: (await agent.get(read).expect(200)).body };
      expect(before.list).toHaveLength(limit);
      const res = await agent.post(route).send({ name: 'One too many', phoneNumber: '+12025550100' });
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: expect.objectContaining({ statusCode: 400, message, code }) });
      expect({ events: await events(), list: (await agent.get(read).expect(200)).body }).toEqual(before);
    });
  });

  describe.each([
    {
      list: 'doctors',
      route: 'doctors',
      notFound: CARE_HUB_TEXT.notFound.doctor,
      body: { name: 'Dr. Kim', specialty: 'neurologist', phoneNumber: '(202) 555-0143', email: 'kim@clinic.example', address: '1 Main St', notes: 'Front desk: Anna', isPrimary: true },
      answer: { name: 'Dr. Kim', specialty: 'neurologist', phoneNumber: '+12025550143', email: 'kim@clinic.example', address: '1 Main St', notes: 'Front desk: Anna', isPrimary: true },
      defaults: { specialty: 'pediatrician', phoneNumber: null, email: null, address: null, notes: null, isPrimary: false },
      badEnum: { specialty: 'surgeon' },
    },
    {
      list: 'family-support',
      route: 'family-support',
      notFound: CARE_HUB_TEXT.notFound.support,
      body: { name: 'Ms. Patel', role: 'social_worker', organization: 'County Services', phoneNumber: '+1 202 555 0143', email: 'patel@county.example', notes: 'Tuesdays' },
      answer: { name: 'Ms. Patel', role: 'social_worker', organization: 'County Services', phoneNumber: '+12025550143', email: 'patel@county.example', notes: 'Tuesdays' },
      defaults: { role: 'school_nurse', organization: null, phoneNumber: null, email: null, notes: null },
      badEnum: { role: 'nurse' },
    },
  ])('$list', ({ list, route, notFound, body, answer, defaults, badEnum }) => {
    const listOf = async (agent: TestAgent, child = childId) => (await agent.get(`/api/children/${child}/${list}`).expect(200)).body as { id: string; name: string }[];
    const add = async (agent: TestAgent, extra: object = {}, child = childId) => (await agent.post(`/api/children/${child}/${list}`).send({ ...body, ...extra }).expect(201)).body;

    it(`POST /api/children/{childId}/${list}: primary and editor 201, view-only 403, another family 404, anonymous 401`, async () => {
      expect(await add(as.owner, { childId })).toEqual({ id: expect.any(String), childId, ...answer, createdAt: expect.any(String), updatedAt: expect.any(String) });
      expect(await add(as.editor, { name: 'Minimal', phoneNumber: '', email: '', notes: null, specialty: undefined, role: undefined, organization: undefined, address: undefined, isPrimary: undefined })).toMatchObject({
        name: 'Minimal',
        ...defaults,
      });
      await as.viewer.post(`/api/children/${childId}/${list}`).send(body).expect(403);
      const hidden = await as.stranger.post(`/api/children/${childId}/${list}`).send(body).expect(404);
      expect(hidden.body).toMatchObject({ message: 'Care recipient not found' });
      await as.anonymous.post(`/api/children/${childId}/${list}`).send(body).expect(401);
      await add(as.stranger, { name: 'Stranger entry' }, strangerChildId);
    });

    it(`GET /api/children/{childId}/${list}: the recipient's caregivers 200, another family 404, anonymous 401`, async () => {
      for (const agent of [as.owner, as.editor, as.viewer]) expect((await listOf(agent)).map((e) => e.name)).toEqual(list === 'doctors' ? ['Dr. Kim', 'Minimal'] : ['Ms. Patel', 'Minimal']);
      await as.stranger.get(`/api/children/${childId}/${list}`).expect(404);
      await as.anonymous.get(`/api/children/${childId}/${list}`).expect(401);
      expect((await listOf(as.stranger, strangerChildId)).map((e) => e.name)).toEqual(['Stranger entry']);
      await as.owner.get(`/api/children/${strangerChildId}/${list}`).expect(404);
    });

    it(`PUT, DELETE /api/${route}/{id} and restore: primary and editor, view-only 403, another family 404, anonymous 401`, async () => {
      const { id } = await add(as.owner, { name: 'To change' });
      const edit = { ...body, name: 'Changed', notes: '' };
      await as.viewer.put(`/api/${route}/${id}`).send(edit).expect(403);
      expect((await as.stranger.put(`/api/${route}/${id}`).send(edit).expect(404)).body).toMatchObject({ message: notFound });
      await as.anonymous.put(`/api/${route}/${id}`).send(edit).expect(401);
      expect((await as.owner.put(`/api/${route}/${id}`).send(edit).expect(200)).body).toMatchObject({ id, childId, name: 'Changed', notes: null });
      expect((await as.editor.put(`/api/${route}/${id}`).send({ ...edit, name: 'Changed again', childId }).expect(200)).body).toMatchObject({ name: 'Changed again' });

      await as.viewer.delete(`/api/${route}/${id}`).expect(403);
      await as.stranger.delete(`/api/${route}/${id}`).expect(404);
      await as.anonymous.delete(`/api/${route}/${id}`).expect(401);
      await as.editor.delete(`/api/${route}/${id}`).expect(204);
      expect((await listOf(as.owner)).map((e) => e.id)).not.toContain(id);
      await as.owner.delete(`/api/${route}/${id}`).expect(404); // already deleted
      await as.owner.put(`/api/${route}/${id}`).send(edit).expect(404);

      await as.viewer.post(`/api/${route}/${id}/restore`).expect(403);
      await as.stranger.post(`/api/${route}/${id}/restore`).expect(404);
      await as.anonymous.post(`/api/${route}/${id}/restore`).expect(401);
      expect((await as.owner.post(`/api/${route}/${id}/restore`).expect(200)).body).toMatchObject({ id, name: 'Changed again' });
      expect((await as.editor.post(`/api/${route}/${id}/restore`).expect(200)).body).toMatchObject({ id }); // pressed twice
      expect((await listOf(as.viewer)).map((e) => e.id)).toContain(id);
      await as.owner.delete(`/api/${route}/${id}`).expect(204);
    });

    it('bad input is a 400 (or 404 for ids) that records nothing; the two families never reach each other', async () => {
      const [{ id }] = await listOf(as.owner);
      const [{ id: strangerEntry }] = await listOf(as.stranger, strangerChildId);
      const snapshot = async () => ({ events: await events(), mine: await listOf(as.owner), theirs: await listOf(as.stranger, strangerChildId) });
      const before = await snapshot();
      const bad: [string, object, string][] = [
        ['missing name', { ...body, name: undefined }, 'name'],
        ['blank name', { ...body, name: ' ' }, 'name'],
        ['an unknown enum value', { ...body, ...badEnum }, Object.keys(badEnum)[0]],
        ['an invalid phone', { ...body, phoneNumber: '12' }, 'phoneNumber'],
        ['an invalid email', { ...body, email: 'kim@' }, 'email'],
        ['10 kB of notes', { ...body, notes: 'x'.repeat(10_000) }, 'notes'],
        ['a NUL in the name', { ...body, name: 'Dr.\u0000Kim' }, 'name'],
        ['a number for the name', { ...body, name: 42 }, 'name'],
        ['an array for the email', { ...body, email: ['kim@clinic.example'] }, 'email'],
        ["another family's recipient in the body", { ...body, childId: strangerChildId }, 'childId'],
        ['a childId that is not an id', { ...body, childId: 'maya' }, 'childId'],
      ];
      for (const [label, input, field] of bad) {
        for (const send of [() => as.owner.post(`/api/children/${childId}/${list}`).send(input), () => as.owner.put(`/api/${route}/${id}`).send(input)]) {
          const res = await send();
          expect({ label, status: res.status, fields: (res.body.errors ?? []).map((e: { field: string }) => e.field) }).toEqual({ label, status: 400, fields: expect.arrayContaining([field]) });
        }
      }
      for (const target of [strangerEntry, randomUUID(), 'not-a-uuid']) {
        await as.owner.put(`/api/${route}/${target}`).send(body).expect(404);
        await as.owner.delete(`/api/${route}/${target}`).expect(404);
        await as.owner.post(`/api/${route}/${target}/restore`).expect(404);
      }
      await as.owner.post(`/api/children/${strangerChildId}/${list}`).send(body).expect(404);
      await as.owner.post(`/api/children/${randomUUID()}/${list}`).send(body).expect(404);
      await as.owner.post(`/api/children/not-a-uuid/${list}`).send(body).expect(400);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe("a person's phone number (issue 21)", () => {
    /** The event store's text of every Care Hub stream: what a dump of the database would show. */
    const storedEventText = async () => {
      const rows = await t.sql<{ data: string }>("SELECT data::text AS data FROM es_events WHERE stream_id LIKE 'emergency-contacts-%' OR stream_id LIKE 'care-directory-%'");
      return rows.rows.map((row) => row.data).join('\n');
    };

    it('keeps an extension (ext, x, #, a comma) with the number as +E.164;ext=N, for contacts, doctors and support, sealed in the events', async () => {
      const { agent } = await t.signUp();
      const child = (await agent.post('/api/children').send({ firstName: 'Ext', lastName: 'Ension' }).expect(201)).body.id;
      const desk = await addContact(agent, { name: 'Clinic desk', phoneNumber: '415.555.0134 ext 12' });
      expect(desk).toMatchObject({ phoneNumber: '+14155550134;ext=12' });
      for (const typed of ['415.555.0134 x34', '415.555.0134 ext. 34', '415.555.0134 #34', '415.555.0134,34', '(415) 555-0134 ext. 34']) {
        expect((await agent.put(`/api/emergency-contacts/${desk.id}`).send({ name: 'Clinic desk', phoneNumber: typed }).expect(200)).body.phoneNumber).toBe('+14155550134;ext=34');
      }
      // Digits as an Arabic keyboard types them are read, and stored in ASCII.
      expect((await addContact(agent, { name: 'Jaddah', phoneNumber: '٤١٥٥٥٥٠١٨٢ ext ٧' })).phoneNumber).toBe('+14155550182;ext=7');
      const doctor = (await agent.post(`/api/children/${child}/doctors`).send({ name: 'Dr. Ext', phoneNumber: '(202) 555-0143 ext. 204' }).expect(201)).body;
      expect(doctor.phoneNumber).toBe('+12025550143;ext=204');
      const support = (await agent.post(`/api/children/${child}/family-support`).send({ name: 'Ms. Ext', phoneNumber: '212-555-0100 x123456' }).expect(201)).body;
      expect(support.phoneNumber).toBe('+12125550100;ext=123456');
      expect((await contactsOf(agent)).find((c) => c.id === desk.id)).toMatchObject({ phoneNumber: '+14155550134;ext=34' });
      expect((await agent.get(`/api/children/${child}/doctors`).expect(200)).body[0]).toMatchObject({ phoneNumber: '+12025550143;ext=204' });

      const stored = await storedEventText();
      for (const secret of ['4155550134', '2025550143;ext=204', '2125550100', 'ext=34', 'ext=123456']) expect(stored).not.toContain(secret);
    });

    it('refuses a short code, a bad extension or odd input with a 400 naming the reason, on every route that takes a phone; nothing is stored', async () => {
      const { id: contactId } = (await contactsOf(as.owner))[0];
      const [{ id: doctorId }] = (await as.owner.get(`/api/children/${childId}/doctors`).expect(200)).body;
      const [{ id: supportId }] = (await as.owner.get(`/api/children/${childId}/family-support`).expect(200)).body;
      const sends = (phoneNumber: string) => [
        () => as.owner.post('/api/emergency-contacts').send({ name: 'Rosa', phoneNumber }),
        () => as.owner.put(`/api/emergency-contacts/${contactId}`).send({ name: 'Rosa', phoneNumber }),
        () => as.owner.post(`/api/children/${childId}/doctors`).send({ name: 'Dr. Kim', phoneNumber }),
        () => as.owner.put(`/api/doctors/${doctorId}`).send({ name: 'Dr. Kim', phoneNumber }),
        () => as.owner.post(`/api/children/${childId}/family-support`).send({ name: 'Ms. Patel', phoneNumber }),
        () => as.owner.put(`/api/family-support/${supportId}`).send({ name: 'Ms. Patel', phoneNumber }),
      ];
      const snapshot = async () => ({
        events: await events(),
        contacts: await contactsOf(as.owner),
        doctors: (await as.owner.get(`/api/children/${childId}/doctors`).expect(200)).body,
        support: (await as.owner.get(`/api/children/${childId}/family-support`).expect(200)).body,
      });
      const before = await snapshot();
      const refused: [string, string][] = [
        ...['911', '112', '999', '000', '988', '311', '+1 911'].map((code): [string, string] => [code, PHONE_TEXT.shortCode]),
        ['415.555.0134 ext', PHONE_TEXT.extension],
        ['415.555.0134 ext.', PHONE_TEXT.extension],
        ['415.555.0134 x', PHONE_TEXT.extension],
        ['415.555.0134 ext 1234567', PHONE_TEXT.extension],
        ['415.555.0134 ext 12a', PHONE_TEXT.extension],
        ['415.555.0134 #12#', PHONE_TEXT.extension],
        ['1'.repeat(40), PHONE_INVALID],
        ['call 415 555 0134 now', PHONE_INVALID],
        ['1-800-FLOWERS', PHONE_INVALID],
        ['ext 12', PHONE_INVALID],
        ['4155550134\u0967', PHONE_INVALID],
      ];
      for (const [phoneNumber, message] of refused) {
        for (const send of sends(phoneNumber)) {
          const res = await send();
          expect({ phoneNumber, status: res.status, message: res.body.message, errors: res.body.errors }).toEqual({
            phoneNumber,
            status: 400,
            message,
            errors: [{ field: 'phoneNumber', message }],
          });
        }
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('which list a contact goes on', () => {
    it('a helper of two families names one (400 without); once they own a recipient, their own list is the default', async () => {
      const { agent, user } = await t.signUp({ firstName: 'Hana', lastName: 'Helper' });
      await share(user.id, true);
      await t.grantAccess(strangerChildId, stranger.id, user.id, true);
      expect((await agent.get('/api/care-hub/families').expect(200)).body.map((f: { familyId: string; isOwn: boolean }) => [f.familyId, f.isOwn])).toEqual([
        [owner.id, false],
        [stranger.id, false],
      ]);
      const before = await events();
      const unnamed = await agent.post('/api/emergency-contacts').send({ name: 'Where?', phoneNumber: '+12025550100' }).expect(400);
      expect(unnamed.body).toMatchObject({ message: CARE_HUB_TEXT.chooseFamily, errors: [{ field: 'familyId', message: CARE_HUB_TEXT.chooseFamily }] });
      expect(await events()).toBe(before);
      const named = await addContact(agent, { name: 'For the Parks', phoneNumber: '+12025550100', familyId: stranger.id });
      expect(named).toMatchObject({ familyId: stranger.id, canEdit: true });
      expect((await contactsOf(as.stranger)).map((c) => c.id)).toContain(named.id);
      await as.stranger.delete(`/api/emergency-contacts/${named.id}`).expect(204);

      await agent.post('/api/children').send({ firstName: 'Own', lastName: 'Child' }).expect(201);
      expect((await agent.get('/api/care-hub/families').expect(200)).body[0]).toMatchObject({ familyId: user.id, isOwn: true, canEdit: true });
      expect((await addContact(agent, { name: 'Mine', phoneNumber: '+12025550100' })).familyId).toBe(user.id);
    });

    it('a view-only helper who also owns a recipient keeps their own list, and still may not change the family they view', async () => {
      const { agent, user } = await t.signUp({ firstName: 'Val', lastName: 'Parent' });
      await share(user.id, false);
      await agent.post('/api/children').send({ firstName: 'Val', lastName: 'Junior' }).expect(201);
      expect((await agent.get('/api/care-hub/families').expect(200)).body.map((f: { isOwn: boolean; canEdit: boolean }) => [f.isOwn, f.canEdit])).toEqual([
        [true, true],
        [false, false],
      ]);
      expect((await addContact(agent, { name: 'Own list', phoneNumber: '+12025550100' })).familyId).toBe(user.id);
      await agent.post('/api/emergency-contacts').send({ name: 'Theirs', phoneNumber: '+12025550100', familyId: owner.id }).expect(403);
    });
  });

  it("removing a recipient takes its doctors and support people with it; Undo cannot bring them back", async () => {
    const child = (await as.owner.post('/api/children').send({ firstName: 'Short', lastName: 'Stay' }).expect(201)).body.id;
    const doctor = (await as.owner.post(`/api/children/${child}/doctors`).send({ name: 'Dr. Gone' }).expect(201)).body.id;
    const support = (await as.owner.post(`/api/children/${child}/family-support`).send({ name: 'Gone too' }).expect(201)).body.id;
    await as.owner.delete(`/api/doctors/${doctor}`).expect(204);
    await as.owner.delete(`/api/children/${child}`).expect(204);
    await as.owner.get(`/api/children/${child}/doctors`).expect(404);
    await as.owner.post(`/api/doctors/${doctor}/restore`).expect(404);
    await as.owner.put(`/api/family-support/${support}`).send({ name: 'Back?' }).expect(404);
  });
});
