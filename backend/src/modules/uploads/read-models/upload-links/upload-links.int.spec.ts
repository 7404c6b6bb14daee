import { useProjectionHarness } from '../../../../test-support/projection-harness';
import { ChildrenQuery } from '../../../care-recipients';
import { UploadLinksProjection } from './upload-links.projection';
import { UploadAccessQuery } from './upload-links.query';

describe('upload links read model (PostgreSQL)', () => {
  const h = useProjectionHarness();
  let access: UploadAccessQuery;
  const projection = new UploadLinksProjection();
  const parent = '10000000-0000-4000-8000-000000000001';
  const helper = '10000000-0000-4000-8000-000000000002';
  const stranger = '10000000-0000-4000-8000-000000000003';
  const child = '00000000-0000-4000-8000-000000000001';
  const otherChild = '00000000-0000-4000-8000-000000000002';
  const photo = (n: number) => `a0000000-0000-4000-8000-00000000000${n}.png`;
  const url = (n: number) => `/api/uploads/${photo(n)}`;
  const by = (actorId: string | null) => ({ actorId });

  beforeAll(async () => {
    access = new UploadAccessQuery(h.orm.em, new ChildrenQuery(h.orm.em));
    const em = h.em();
    // Who uploaded what (the uploads module writes this at upload time), and the recipients' caregivers
    // (the care-recipients read models): helper may see `child`; `otherChild` belongs to the stranger.
    for (const [n, uploader] of [[1, parent], [2, parent], [3, parent], [4, stranger], [5, parent], [6, helper], [7, helper]] as const) {
      await em.execute(`INSERT INTO uploads (name, uploader_id, created_at) VALUES (?, ?, now())`, [photo(n), uploader]);
    }
    for (const [id, owner] of [[child, parent], [otherChild, stranger]]) {
      await em.execute(`INSERT INTO children (id, first_name, last_name, name, primary_caregiver_id, created_at, updated_at) VALUES (?, 'A', 'B', 'A B', ?, now(), now())`, [id, owner]);
    }
    await em.execute(`INSERT INTO child_access (user_id, child_id, can_edit) VALUES (?, ?, true)`, [helper, child]);
  });

  it('links what a profile, medication, task or template names, with who attached it; other links and text are ignored', async () => {
    const stream = `care-recipient-${child}`;
    await h.apply(projection, [
      h.record(stream, { type: 'CareRecipientAdded', data: { childId: child, profileImageUrl: url(1) } }, by(parent)),
      h.record(stream, { type: 'MedicationAdded', data: { childId: child, medicationId: 'm', photoUrl: url(2) } }, by(parent)),
      h.record('task-t', { type: 'TaskScheduled', data: { childId: child, imageUrl: url(3) } }, by(parent)),
      h.record('task-template-x', { type: 'TaskTemplateCreated', data: { childId: child, imageUrl: 'https://example.com/a.png' } }, by(parent)),
      h.record(stream, { type: 'CareRecipientUpdated', data: { childId: child, profileImageUrl: url(4) } }, by(parent)),
      h.record(stream, { type: 'MedicationUpdated', data: { childId: child, medicationId: 'm', photoUrl: url(6) } }, by(helper)),
      h.record('task-o', { type: 'TaskScheduled', data: { childId: child, imageUrl: url(5) } }, by(null)),
      // A care update's photo, posted by the helper (linked again by an edit: nothing twice).
      h.record(`care-updates-${child}`, { type: 'CareUpdatePosted', data: { childId: child, updateId: 'u', imageUrl: url(7) } }, by(helper)),
      h.record(`care-updates-${child}`, { type: 'CareUpdateEdited', data: { childId: child, updateId: 'u', imageUrl: url(7) } }, by(helper)),
      // Replayed: nothing twice.
      h.record(stream, { type: 'CareRecipientUpdated', data: { childId: child, profileImageUrl: url(1) } }, by(parent)),
    ]);
    expect(await h.rows('upload_links')).toEqual(
      expect.arrayContaining([
        { name: photo(1), child_id: child, attached_by: parent },
        { name: photo(2), child_id: child, attached_by: parent },
        { name: photo(3), child_id: child, attached_by: parent },
        { name: photo(4), child_id: child, attached_by: parent },
        { name: photo(6), child_id: child, attached_by: helper },
        { name: photo(7), child_id: child, attached_by: helper },
      ]),
    );
    expect(await h.rows('upload_links')).toHaveLength(6);
  });

  it('serves an upload to its uploader and to the caregivers of a recipient its uploader attached it to', async () => {
    for (const n of [1, 2, 3]) {
      expect(await access.mayRead(parent, photo(n))).toBe(true);
      expect(await access.mayRead(helper, photo(n))).toBe(true);
      expect(await access.mayRead(stranger, photo(n))).toBe(false);
    }
    // Attached by someone who did not upload it (the parent named the stranger's photo): no one new sees it.
    expect(await access.mayRead(parent, photo(4))).toBe(false);
    expect(await access.mayRead(stranger, photo(4))).toBe(true);
    // Never attached (a worker's event has no person as actor): the uploader only.
    expect(await access.mayRead(helper, photo(5))).toBe(false);
    // The helper's own upload, attached by the helper, reaches the parent.
    expect(await access.mayRead(parent, photo(6))).toBe(true);
    // A care update's photo reaches everyone who sees the recipient.
    expect(await access.mayRead(parent, photo(7))).toBe(true);
    expect(await access.mayRead(stranger, photo(7))).toBe(false);
    expect(await access.mayRead(parent, photo(9))).toBe(false);
  });

  it('removing a recipient removes its links and the photos their uploaders attached to it, bytes and all', async () => {
    const em = h.em();
    // A photo the parent also attached to another recipient stays, for that one.
    await em.execute(`INSERT INTO uploads (name, uploader_id, created_at) VALUES (?, ?, now())`, [photo(8), parent]);
    await h.apply(projection, [
      h.record(`care-recipient-${child}`, { type: 'MedicationAdded', data: { childId: child, medicationId: 'n', photoUrl: url(8) } }, by(parent)),
      h.record(`care-recipient-${otherChild}`, { type: 'CareRecipientUpdated', data: { childId: otherChild, profileImageUrl: url(8) } }, by(parent)),
    ]);
    await h.apply(projection, [h.record(`care-recipient-${child}`, { type: 'CareRecipientRemoved', data: { childId: child } }, by(parent))]);
    expect(await h.rows('upload_links')).toEqual([{ name: photo(8), child_id: otherChild, attached_by: parent }]);
    const left = (await em.execute<{ name: string }[]>(`SELECT name FROM uploads ORDER BY name`)).map((row) => row.name);
    // Gone: 1, 2, 3, 6, 7 (attached by their uploaders). Kept: 4 (the stranger's, only named by the parent),
    // 5 (never attached by a person), 8 (also the other recipient's).
    expect(left).toEqual([photo(4), photo(5), photo(8)]);
    expect(await access.mayRead(helper, photo(1))).toBe(false);
    expect(await access.mayRead(parent, photo(1))).toBe(false);
    expect(await access.mayRead(stranger, photo(4))).toBe(true);
  });
});
