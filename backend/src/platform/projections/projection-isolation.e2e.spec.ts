import { DiscoveryService } from '@nestjs/core';
import { useTestApp } from '../../test-support/test-app';
import { ReadModelProjection, type Projection } from './projection';

/**
 * A projection defect hurts only the command whose event it cannot apply: that command answers 500
 * with its correlation id, the event is parked, and every other command (of that family and of every
 * other) stays fast. Concurrent writes to one recipient all succeed.
 */
describe('projection failures stay isolated', () => {
  const t = useTestApp();

  const projectionNamed = (name: string): Projection =>
    t.app
      .get(DiscoveryService)
      .getProviders({ metadataKey: ReadModelProjection.KEY })
      .map((wrapper) => wrapper.instance as Projection)
      .find((projection) => projection.name === name)!;

  it('parks the event a projection cannot apply, answers that command 500 with a reference, and keeps everyone else going', async () => {
    const medications = projectionNamed('care-recipients.medications');
    const apply = medications.apply.bind(medications);
    const spy = jest.spyOn(medications, 'apply').mockImplementation(async (em, event) => {
      if ((event.data as { name?: string }).name === 'Defect trigger') throw new Error('a bug in the medications projection');
      return apply(em, event);
    });
    try {
      const { agent } = await t.signUp();
      const child = (await agent.post('/api/children').send({ firstName: 'Maya', lastName: 'Lopez' }).expect(201)).body;
      const started = Date.now();
      const add = () => agent.post(`/api/children/${child.id}/medications`).set('Idempotency-Key', 'add-defect').send({ name: 'Defect trigger', dosage: '1 ml' });
      const failed = await add();
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual(
        expect.objectContaining({ statusCode: 500, code: 'PLATFORM.PROJECTION_FAILED', correlationId: expect.any(String) }),
      );
      expect(failed.body.message).toContain(failed.body.correlationId);
      expect(Date.now() - started).toBeLessThan(4000); // retried and parked, not held until the 5 s lag time-out

      const parked = (await t.sql('SELECT projection, event_type, error, correlation_id FROM projection_failures')).rows;
      expect(parked).toEqual([
        {
          projection: 'care-recipients.medications',
          event_type: 'MedicationAdded',
          error: 'a bug in the medications projection',
          correlation_id: failed.body.correlationId,
        },
      ]);

      // The change was saved: a retry with the same key replays the answer instead of saving it twice.
      const retried = await add();
      expect(retried.status).toBe(500);
      expect(retried.headers['idempotent-replayed']).toBe('true');
      expect((await t.sql('SELECT count(*)::int AS n FROM projection_failures')).rows[0].n).toBe(1);

      // The same family and another family go on (a stuck projection would answer them 503).
      const other = await t.signUp();
      await other.agent.post('/api/children').send({ firstName: 'Leo', lastName: 'Park' }).expect(201);
      const ok = (await agent.post(`/api/children/${child.id}/medications`).send({ name: 'Keppra', dosage: '250 mg' }).expect(201)).body;
      expect((await agent.get(`/api/children/${child.id}/medications`).expect(200)).body.map((m: { id: string }) => m.id)).toEqual([ok.id]);
    } finally {
      spy.mockRestore();
    }
  });

  it('gives every one of 20 simultaneous medication adds to one recipient its own 201', async () => {
    const { agent } = await t.signUp();
    const child = (await agent.post('/api/children').send({ firstName: 'Ana', lastName: 'Lopez' }).expect(201)).body;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => agent.post(`/api/children/${child.id}/medications`).send({ name: `Medication ${n}`, dosage: '1 ml' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect((await agent.get(`/api/children/${child.id}/medications`).expect(200)).body).toHaveLength(20);
  });
});
