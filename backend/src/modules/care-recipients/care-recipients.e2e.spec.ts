import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import { useTestApp } from '../../test-support/test-app';
import { expectRouteStatuses } from '../../test-support/route-statuses';

describe('care recipients and medications over HTTP', () => {
  let owner: TestAgent;
  let otherFamily: TestAgent;
  const t = useTestApp();
  beforeAll(async () => {
    [owner, otherFamily] = (await Promise.all([t.signUp({ firstName: 'Owner' }), t.signUp({ firstName: 'Other' })])).map((family) => family.agent);
  });

  const addChild = async (agent: TestAgent, body: object = { firstName: 'Maya', lastName: 'Lopez' }) =>
    (await agent.post('/api/children').send(body).expect(201)).body;

  it('adds with the dashboard shape and answers the projected recipient', async () => {
    const child = await addChild(owner, { firstName: 'Maya', lastName: 'Lopez', dateOfBirth: '2018-03-04', medicalConditions: 'Spina bifida', notes: 'Loves music' });
    expect(child).toMatchObject({
      firstName: 'Maya',
      lastName: 'Lopez',
      name: 'Maya Lopez',
      dateOfBirth: '2018-03-04',
      medicalConditions: 'Spina bifida',
      medicalNotes: 'Spina bifida',
      notes: 'Loves music',
      canEdit: true,
    });
    const list = await owner.get('/api/children').expect(200);
    expect(list.body.map((c: { id: string }) => c.id)).toContain(child.id);
  });

  it('adds with the schedule-text shape; an empty date of birth becomes null', async () => {
    const child = await addChild(owner, { name: 'Sam Rivera', dateOfBirth: '', medicalNotes: 'Autism', gender: 'male' });
    expect(child).toMatchObject({ firstName: 'Sam', lastName: 'Rivera', name: 'Sam Rivera', dateOfBirth: null, medicalNotes: 'Autism', gender: 'male' });
  });

  it.each([
    [{ lastName: 'Lopez' }, 'First name is required'],
    [{ firstName: 'Maya' }, 'Last name is required'],
    [{ firstName: 'Maya', lastName: 'Lopez', dateOfBirth: 'soon' }, 'Date of birth must be a date (yyyy-mm-dd)'],
  ])('refuses %p with the spec message and stores nothing', async (body, message) => {
    const before = (await owner.get('/api/children')).body.length;
    const res = await owner.post('/api/children').send(body).expect(400);
    expect(res.body.message).toBe(message);
    expect((await owner.get('/api/children')).body.length).toBe(before);
  });

  it.each([
    ['a number for a name', { firstName: 42, lastName: 'L' }],
    ['an object for a date', { firstName: 'M', lastName: 'L', dateOfBirth: { y: 2020 } }],
    ['an array body', [1, 2]],
  ])('refuses wrong types: %s', async (_, body) => {
    const res = await owner.post('/api/children').send(body as object);
    expect(res.status).toBe(400);
  });

  it('edits with both shapes and keeps what was not sent', async () => {
    const child = await addChild(owner, { firstName: 'Leo', lastName: 'Park', dateOfBirth: '2015-06-01', notes: 'Night feeds' });
    const edited = await owner.put(`/api/children/${child.id}`).send({ firstName: 'Leon', lastName: 'Park', medicalConditions: 'Epilepsy' }).expect(200);
    expect(edited.body).toMatchObject({ name: 'Leon Park', medicalNotes: 'Epilepsy', notes: 'Night feeds', dateOfBirth: '2015-06-01' });
    const settings = await owner.put(`/api/children/${child.id}`).send({ name: 'Leon Park', dateOfBirth: null, phone: '555-0101', email: 'leon@example.com', medicalNotes: 'Epilepsy' }).expect(200);
    expect(settings.body).toMatchObject({ dateOfBirth: null, phone: '555-0101', email: 'leon@example.com' });
  });

  it('manages medications: name and dosage required, edit, remove', async () => {
    const child = await addChild(owner);
    const bad = await owner.post(`/api/children/${child.id}/medications`).send({ name: 'Oxybutynin' }).expect(400);
    expect(bad.body.message).toBe('Dosage is required');
    const medication = (
      await owner.post(`/api/children/${child.id}/medications`).send({ name: 'Oxybutynin', dosage: '0.5 ml', instructions: 'With food' }).expect(201)
    ).body;
    expect(medication).toMatchObject({ childId: child.id, name: 'Oxybutynin', dosage: '0.5 ml', instructions: 'With food', isActive: true });
    const edited = await owner.put(`/api/children/${child.id}/medications/${medication.id}`).send({ dosage: '1 ml' }).expect(200);
    expect(edited.body).toMatchObject({ name: 'Oxybutynin', dosage: '1 ml' });
    await owner.delete(`/api/children/${child.id}/medications/${medication.id}`).expect(204);
    expect((await owner.get(`/api/children/${child.id}/medications`).expect(200)).body).toEqual([]);
    await owner.delete(`/api/children/${child.id}/medications/${medication.id}`).expect(404);
  });

  it('removing a recipient removes its medications', async () => {
    const child = await addChild(owner);
    await owner.post(`/api/children/${child.id}/medications`).send({ name: 'Baclofen', dosage: '5 mg' }).expect(201);
    await owner.delete(`/api/children/${child.id}`).expect(204);
    expect((await owner.get('/api/children')).body.map((c: { id: string }) => c.id)).not.toContain(child.id);
    await owner.get(`/api/children/${child.id}/medications`).expect(404);
    const { rows } = await t.sql('SELECT count(*)::int AS n FROM medications WHERE child_id = $1', [child.id]);
    expect(rows[0].n).toBe(0);
  });

  it('unknown and non-UUID ids are 4xx and change nothing', async () => {
    const missing = randomUUID();
    await owner.put(`/api/children/${missing}`).send({ notes: 'x' }).expect(404);
    await owner.delete(`/api/children/${missing}`).expect(404);
    await owner.get(`/api/children/${missing}/medications`).expect(404);
    await owner.put('/api/children/not-a-uuid').send({ notes: 'x' }).expect(400);
    await owner.delete('/api/children/1').expect(400);
    const child = await addChild(owner);
    await owner.put(`/api/children/${child.id}/medications/not-a-uuid`).send({ dosage: '1' }).expect(404);
  });

  it('a caregiver the recipient is shared with sees it, and edits only with canEdit', async () => {
    const { user: parent, agent: parentAgent } = await t.signUp({ firstName: 'Parent' });
    const { user: grandpa, agent: grandpaAgent } = await t.signUp({ firstName: 'Grandpa' });
    const child = await addChild(parentAgent);
    const grant = (canEdit: boolean) =>
      t.grantAccess(child.id, parent.id, grandpa.id, canEdit);
    await grant(false);
    const seen = (await grandpaAgent.get('/api/children').expect(200)).body;
    expect(seen).toEqual([expect.objectContaining({ id: child.id, canEdit: false })]);
    await grandpaAgent.get(`/api/children/${child.id}/medications`).expect(200);
    const refused = await grandpaAgent.put(`/api/children/${child.id}`).send({ notes: 'x' }).expect(403);
    expect(refused.body.message).toBe('You can view this care recipient but not change it');
    await grandpaAgent.post(`/api/children/${child.id}/medications`).send({ name: 'A', dosage: 'B' }).expect(403);
    await grant(true);
    await grandpaAgent.put(`/api/children/${child.id}`).send({ notes: 'Evening meds given by grandpa' }).expect(200);
    await grandpaAgent.delete(`/api/children/${child.id}`).expect(403);
  });

  describe('authorization: owner, another family, anonymous', () => {
    let childId: string;
    let medicationId: string;
    beforeAll(async () => {
      childId = (await addChild(owner, { firstName: 'Private', lastName: 'Child' })).id;
      medicationId = (await owner.post(`/api/children/${childId}/medications`).send({ name: 'Secret', dosage: '1 mg' }).expect(201)).body.id;
    });

    const routes = () => [
      { name: 'GET children', call: (a: TestAgent) => a.get('/api/children'), owner: 200, other: 200 },
      { name: 'POST children', call: (a: TestAgent) => a.post('/api/children').send({ firstName: 'A', lastName: 'B' }), owner: 201, other: 201 },
      { name: 'PUT child', call: (a: TestAgent) => a.put(`/api/children/${childId}`).send({ notes: 'changed' }), owner: 200, other: 404 },
      { name: 'GET medications', call: (a: TestAgent) => a.get(`/api/children/${childId}/medications`), owner: 200, other: 404 },
      { name: 'POST medication', call: (a: TestAgent) => a.post(`/api/children/${childId}/medications`).send({ name: 'X', dosage: '1' }), owner: 201, other: 404 },
      { name: 'PUT medication', call: (a: TestAgent) => a.put(`/api/children/${childId}/medications/${medicationId}`).send({ dosage: '2 mg' }), owner: 200, other: 404 },
      { name: 'DELETE medication', call: (a: TestAgent) => a.delete(`/api/children/${childId}/medications/${medicationId}`), owner: 204, other: 404 },
      { name: 'DELETE child', call: (a: TestAgent) => a.delete(`/api/children/${childId}`), owner: 204, other: 404 },
    ];

    it('anonymous callers get 401 everywhere', async () => {
      await expectRouteStatuses(routes(), t.agent(), () => 401);
    });

    it('another family gets 404 and changes nothing; the list does not show the child', async () => {
      await expectRouteStatuses(routes(), otherFamily, (route) => route.other);
      const list = (await otherFamily.get('/api/children')).body.map((c: { id: string }) => c.id);
      expect(list).not.toContain(childId);
      const meds = await owner.get(`/api/children/${childId}/medications`).expect(200);
      expect(meds.body).toEqual([expect.objectContaining({ id: medicationId, name: 'Secret', dosage: '1 mg' })]);
      const child = (await owner.get('/api/children')).body.find((c: { id: string }) => c.id === childId);
      expect(child.notes).toBeNull();
    });

    it('the owner can do everything (in order, ending with removal)', async () => {
      await expectRouteStatuses(routes(), owner, (route) => route.owner);
    });
  });
});
