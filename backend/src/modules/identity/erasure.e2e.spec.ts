import { execFile } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import type TestAgent from 'supertest/lib/agent';
import type { User } from '@carecircle/libs';
import { allProjectionsCaughtUp } from '../../test-support/event-count';
import { startTestApp, type TestApp } from '../../test-support/test-app';

const PASSWORD = 'correct horse battery';
const PG_DUMP = ['/usr/lib/postgresql/15/bin/pg_dump', '/usr/bin/pg_dump'].find((path) => existsSync(path)) ?? 'pg_dump';

/** The whole test database as plain SQL, as a backup would hold it. */
async function dump(databaseUrl: string): Promise<string> {
  const { stdout } = await promisify(execFile)(PG_DUMP, ['--no-owner', databaseUrl], { maxBuffer: 256 * 1024 * 1024 });
  return stdout;
}

/** Distinctive text a caregiver typed; none of it may survive an erasure anywhere in the database. */
const secret = (label: string) => `${label}Qzx${randomUUID().slice(0, 8)}`;
/**
 * A distinctive valid phone number, as it is stored (E.164): one of about eight million, so it is not
 * also a number the test (or another in the same database) keeps, such as +12025550100.
 */
const secretPhone = () => `+1202${randomInt(200, 1000)}${String(randomInt(10_000)).padStart(4, '0')}`;

describe('erasure: Delete Account and Remove Care Recipient leave no plaintext behind', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(() => t.close(), 30_000);

  const share = (childId: string, owner: User, userId: string) =>
    t.grantAccess(childId, owner.id, userId, true);

  /** A recipient with every kind of personal data, a medication, tasks with notes and a removal reason. */
  async function fillRecipient(agent: TestAgent, words: Record<string, string>) {
    const child = (
      await agent
        .post('/api/children')
        .set('Idempotency-Key', randomUUID()) // its stored answer holds the recipient too
        .send({ firstName: words.first, lastName: words.last, dateOfBirth: '2017-06-05', medicalNotes: words.medical, notes: words.notes, phone: words.phone, email: `${words.email}@example.com`, gender: words.gender })
        .expect(201)
    ).body;
    await agent.post(`/api/children/${child.id}/medications`).send({ name: words.medication, dosage: words.dosage, instructions: words.instructions }).expect(201);
    const tasks = (
      await agent
        .post(`/api/children/${child.id}/tasks`)
        .send({ name: words.task, description: words.description, category: 'medication', scheduledTimes: ['08:00', '20:00'], isUrgent: true })
        .expect(201)
    ).body;
    await agent.put(`/api/tasks/${tasks[0].id}/complete`).send({ notes: words.completion }).expect(200);
    await agent.delete(`/api/tasks/${tasks[1].id}`).send({ reason: words.reason }).expect(204);
    // The Care Hub's directory of the recipient: a doctor (edited once) and a support person.
    const doctor = (
      await agent
        .post(`/api/children/${child.id}/doctors`)
        .send({ name: words.doctor, phoneNumber: words.doctorPhone, email: `${words.doctorEmail}@clinic.example`, address: words.address, notes: words.doctorNotes })
        .expect(201)
    ).body;
    await agent.put(`/api/doctors/${doctor.id}`).send({ name: words.doctor, notes: words.doctorNotesEdited }).expect(200);
    await agent.post(`/api/children/${child.id}/family-support`).send({ name: words.support, organization: words.organization, notes: words.supportNotes }).expect(201);
    // The recipient's journal: an update edited once, another removed.
    const update = (await agent.post(`/api/children/${child.id}/updates`).send({ text: words.update }).expect(201)).body;
    await agent.put(`/api/updates/${update.id}`).send({ text: words.updateEdited, important: true }).expect(200);
    const removed = (await agent.post(`/api/children/${child.id}/updates`).send({ text: words.updateRemoved }).expect(201)).body;
    await agent.delete(`/api/updates/${removed.id}`).expect(204);
    return { child, task: tasks[0] };
  }

  const recipientWords = () => ({
    ...Object.fromEntries(
      [
        'first', 'last', 'medical', 'notes', 'phone', 'email', 'gender', 'medication', 'dosage', 'instructions', 'task', 'description', 'completion', 'reason',
        'doctor', 'doctorEmail', 'address', 'doctorNotes', 'doctorNotesEdited', 'support', 'organization', 'supportNotes',
        'update', 'updateEdited', 'updateRemoved',
      ].map((k) => [k, secret(k)]),
    ),
    doctorPhone: secretPhone(),
  });

  const rowsOf = async (table: string, column: string, id: string) => (await t.sql(`SELECT id FROM ${table} WHERE ${column} = $1`, [id])).rows;

  it('DELETE /api/user: 401 anonymous, 400 without a password, 403 with a wrong one (or another user\'s), and nothing changes', async () => {
    const { agent, user } = await t.signUp();
    const { agent: otherFamily } = await t.signUp({ password: 'other family password' });
    await t.agent().delete('/api/user').send({ password: PASSWORD }).expect(401);
    for (const body of [{}, { password: 42 }, { password: '' }]) await agent.delete('/api/user').send(body).expect(400);
    const wrong = await agent.delete('/api/user').send({ password: 'not my password' }).expect(403);
    expect(wrong.body).toMatchObject({ statusCode: 403, message: 'The password is not correct.' });
    await otherFamily.delete('/api/user').send({ password: PASSWORD }).expect(403); // the owner's password does not delete another account
    await agent.get('/api/auth/user').expect(200);
    await otherFamily.get('/api/auth/user').expect(200);
    expect((await t.sql('SELECT destroyed_at FROM data_keys WHERE subject_id = $1', [user.id])).rows).toEqual([{ destroyed_at: null }]);
  }, 30_000);

  it('Delete Account erases the user and the recipients they own: keys, rows, sessions, shared access, stored answers; pg_dump holds none of it', async () => {
    const names = { first: secret('Aurelianus'), last: secret('Blackthorne') };
    const email = `${secret('owner')}@example.com`.toLowerCase();
    const { agent: owner, user } = await t.signUp({ email, firstName: names.first, lastName: names.last });
    const { agent: helper, user: helperUser } = await t.signUp();
    const { agent: neighbour, user: neighbourUser } = await t.signUp();
    const words = recipientWords();
    const { child, task } = await fillRecipient(owner, words);
    await share(child.id, user, helperUser.id);
    // The deleting user also helps another family: that family's recipient stays, the access goes.
    const kept = (await neighbour.post('/api/children').send({ firstName: 'Kept', lastName: 'Family' }).expect(201)).body;
    await share(kept.id, neighbourUser, user.id);
    // The family's emergency contacts (encrypted with the owner's key): one by the owner, one by the helper with edit rights.
    const contacts = { name: secret('contact'), notes: secret('contactNotes'), phone: secretPhone(), helperName: secret('helperContact') };
    await owner.post('/api/emergency-contacts').send({ name: contacts.name, phoneNumber: contacts.phone, notes: contacts.notes, relationship: 'Aunt' }).expect(201);
    expect((await helper.post('/api/emergency-contacts').send({ name: contacts.helperName, phoneNumber: '+12025550100' }).expect(201)).body.familyId).toBe(user.id);
    // Contacts the deleting user keeps in the family they help stay that family's.
    const neighbourContact = (await owner.post('/api/emergency-contacts').send({ name: 'Kept contact', phoneNumber: '+12025550101', familyId: neighbourUser.id }).expect(201)).body;
    // Whom they invited is theirs too (care-team): the invitee's address and name go with them.
    const invitee = { email: `${secret('invitee')}@example.com`.toLowerCase(), name: secret('Invitee') };
    await owner.post('/api/caregiver-invitations').send({ inviteeEmail: invitee.email, inviteeName: invitee.name }).expect(201);
    // An important update after sharing: the helper's in-app notification quotes it.
    const news = secret('importantUpdate');
    await owner.post(`/api/children/${child.id}/updates`).send({ text: news, important: true }).expect(201);
    expect(JSON.stringify((await helper.get('/api/notifications').expect(200)).body)).toContain(news);
    // What the deleting user wrote in the family they help is that recipient's journal: it stays, without their name.
    await owner.post(`/api/children/${kept.id}/updates`).send({ text: 'Kept journal entry' }).expect(201);
    // What they wrote in a support group (docs/community.md): posts and comments stay as "Deleted account", their text goes.
    const group = ((await owner.get('/api/groups').expect(200)).body as { id: string }[])[0];
    await owner.post(`/api/groups/${group.id}/join`).expect(200);
    const groupWords = { title: secret('groupTitle'), body: secret('groupBody'), comment: secret('groupComment'), report: secret('groupReport') };
    const groupPost = (await owner.post(`/api/groups/${group.id}/posts`).send({ title: groupWords.title, body: groupWords.body, isAnonymous: true }).expect(201)).body;
    await owner.post(`/api/posts/${groupPost.id}/comments`).send({ body: groupWords.comment }).expect(201);
    await owner.post(`/api/posts/${groupPost.id}/report`).send({ reason: groupWords.report }).expect(204);
    const secondSession = t.agent();
    await secondSession.post('/api/auth/login').send({ email, password: PASSWORD }).expect(200);

    const before = await dump(t.databaseUrl);
    expect(before).toContain(names.first); // read models hold it until the erasure
    expect(before).toContain(invitee.email);
    expect(before).toContain(groupWords.body);

    const res = await owner.delete('/api/user').send({ password: PASSWORD }).expect(204);
    expect(String(res.headers['set-cookie'])).toMatch(/cc\.sid=;/);

    await owner.get('/api/auth/user').expect(401);
    await secondSession.get('/api/auth/user').expect(401); // every session ended
    await t.agent().post('/api/auth/login').send({ email, password: PASSWORD }).expect(401);
    expect((await helper.get('/api/children').expect(200)).body).toEqual([]);
    await helper.get(`/api/tasks/${task.id}/history`).expect(404);
    expect((await neighbour.get('/api/children').expect(200)).body.map((c: { id: string }) => c.id)).toEqual([kept.id]);
    expect((await t.sql('SELECT * FROM child_access WHERE user_id = $1', [user.id])).rows).toEqual([]);
    const keys = await t.sql('SELECT subject_id, key FROM data_keys WHERE subject_id = ANY($1::uuid[]) ORDER BY subject_id', [[user.id, child.id]]);
    expect(keys.rows.map((r) => r.key)).toEqual([null, null]);

    expect(await rowsOf('emergency_contacts', 'family_id', user.id)).toEqual([]);
    expect(await rowsOf('doctors', 'child_id', child.id)).toEqual([]);
    expect(await rowsOf('family_support', 'child_id', child.id)).toEqual([]);
    expect((await helper.get('/api/emergency-contacts').expect(200)).body).toEqual([]);
    expect((await neighbour.get('/api/emergency-contacts').expect(200)).body.map((c: { id: string }) => c.id)).toEqual([neighbourContact.id]);

    expect((await neighbour.get(`/api/children/${kept.id}/updates`).expect(200)).body.items).toEqual([
      expect.objectContaining({ text: 'Kept journal entry', authorId: user.id, authorName: 'Former caregiver' }),
    ]);
    expect(await rowsOf('care_updates', 'child_id', child.id)).toEqual([]);

    await neighbour.post(`/api/groups/${group.id}/join`).expect(200);
    expect((await neighbour.get(`/api/posts/${groupPost.id}`).expect(200)).body).toMatchObject({ title: '', body: '', authorName: 'Deleted account', comments: [{ body: '', authorName: 'Deleted account' }] });

    // Every read model has applied the erasure (reminders and reports catch up after the answer).
    await allProjectionsCaughtUp(t.app);
    const after = await dump(t.databaseUrl);
    for (const word of [...Object.values(names), ...Object.values(words), ...Object.values(contacts), ...Object.values(groupWords), email, invitee.email, invitee.name, news]) expect(after).not.toContain(word);
    expect(after).toContain(user.id); // ids stay for ordering and audit

    await t.signUp({ email }); // the email may be used again
  }, 60_000);

  it('Remove Care Recipient destroys the recipient\'s key: pg_dump holds none of its plaintext, the history is gone', async () => {
    const { agent } = await t.signUp();
    const words = recipientWords();
    const { child, task } = await fillRecipient(agent, words);
    const other = await fillRecipient(agent, recipientWords()); // not removed: stays readable
    await agent.delete(`/api/children/${child.id}`).expect(204);
    await agent.get(`/api/tasks/${task.id}/history`).expect(404);
    expect(await rowsOf('doctors', 'child_id', child.id)).toEqual([]);
    expect(await rowsOf('family_support', 'child_id', child.id)).toEqual([]);
    expect(await rowsOf('doctors', 'child_id', other.child.id)).toHaveLength(1);
    // Every read model has applied the erasure (reminders and reports catch up after the answer).
    await allProjectionsCaughtUp(t.app);
    const after = await dump(t.databaseUrl);
    for (const word of Object.values(words)) expect(after).not.toContain(word);
    expect((await agent.get(`/api/tasks/${other.task.id}/history`).expect(200)).body.items[0].data.name).toBe(other.task.name);
  }, 60_000);
});
