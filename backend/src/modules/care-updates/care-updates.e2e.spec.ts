import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent';
import { CARE_UPDATE_LIMITS, CARE_UPDATE_TEXT, PAGE_LIMITS, PAGE_TEXT, type AppNotification, type CareUpdate, type CareUpdatePage, type User } from '@carecircle/libs';
import { EVENT_STORE, type EventStore } from '../../platform/event-store/event-store';
import { careUpdateStreams } from './domain/care-updates';
import { signUpFamilyAndStranger, type FamilyAndStranger } from '../../test-support/family-and-stranger';
import { commandMetadata, useTestApp } from '../../test-support/test-app';
import { allProjectionsCaughtUp, settledEventCount } from '../../test-support/event-count';

/**
 * Care updates over HTTP (issue 11): every route for the primary caregiver, a secondary caregiver
 * with edit rights, one who only views, another family and an anonymous visitor; bad input is a 400
 * or 404 that records nothing; important updates notify the others; history, limits and erasure.
 */
describe('care updates over HTTP', () => {
  let as: FamilyAndStranger['as'];
  let owner: User;
  let editor: User;
  let viewer: User;
  let childId: string;
  let strangerChildId: string;
  let strangerUpdateId: string;

  const events = () => t.eventCount();

  const t = useTestApp({}, 60_000);
  beforeAll(async () => {
    ({ as, owner, editor, viewer, childId, strangerChildId } = await signUpFamilyAndStranger(t));
    strangerUpdateId = (await as.stranger.post(`/api/children/${strangerChildId}/updates`).send({ text: 'Leo slept well' }).expect(201)).body.id;
  }, 60_000);

  const post = async (agent: TestAgent, body: object) => (await agent.post(`/api/children/${childId}/updates`).send(body).expect(201)).body as CareUpdate;
  const list = async (agent: TestAgent, query = '') => (await agent.get(`/api/children/${childId}/updates${query}`).expect(200)).body as CareUpdatePage;
  const careNotifications = async (agent: TestAgent) =>
    ((await agent.get('/api/notifications').expect(200)).body.items as AppNotification[]).filter((n) => n.type === 'care_update');

  describe('POST /api/children/{childId}/updates', () => {
    it('201 for the primary and both secondaries (view-only included); 404 another family; 401 anonymous', async () => {
      const created = await post(as.owner, { text: '  Maya had a great day at school.  ' });
      expect(created).toEqual({
        id: expect.any(String),
        childId,
        text: 'Maya had a great day at school.',
        imageUrl: null,
        important: false,
        authorId: owner.id,
        authorName: 'Olivia Owner',
        createdAt: expect.any(String),
        editedAt: null,
        canChange: true,
      });
      expect(await post(as.editor, { text: 'Picked her up at 3', imageUrl: 'https://example.com/photo.jpg' })).toMatchObject({ authorName: 'Eddie Editor', imageUrl: 'https://example.com/photo.jpg', canChange: true });
      expect(await post(as.viewer, { text: 'Thinking of you all', important: false })).toMatchObject({ authorId: viewer.id, canChange: true });
      const hidden = await as.stranger.post(`/api/children/${childId}/updates`).send({ text: 'Planted' }).expect(404);
      expect(hidden.body).toMatchObject({ statusCode: 404, message: 'Care recipient not found' });
      await as.anonymous.post(`/api/children/${childId}/updates`).send({ text: 'Planted' }).expect(401);
    });

    it('an important update notifies everyone else who sees the recipient (with childId), not its author nor another family', async () => {
      const before = { owner: await careNotifications(as.owner), stranger: await careNotifications(as.stranger) };
      const update = await post(as.owner, { text: 'Seizure at 2:15 pm, 40 seconds. She is resting now.', important: true });
      expect(update.important).toBe(true);
      for (const agent of [as.editor, as.viewer]) {
        expect(await careNotifications(agent)).toEqual([
          {
            id: expect.any(String),
            taskId: null,
            childId,
            type: 'care_update',
            title: 'Important update about Maya',
            message: 'Seizure at 2:15 pm, 40 seconds. She is resting now.',
            isRead: false,
            sentAt: update.createdAt,
            acknowledgedAt: null,
          },
        ]);
      }
      expect(await careNotifications(as.owner)).toEqual(before.owner);
      expect(await careNotifications(as.stranger)).toEqual(before.stranger);
      // The viewer's important update reaches the primary caregiver.
      await post(as.viewer, { text: 'Grandma is flying in Friday', important: true });
      expect((await careNotifications(as.owner)).map((n) => n.message)).toEqual(['Grandma is flying in Friday']);
    });
  });

  describe('GET /api/children/{childId}/updates', () => {
    it('everyone who sees the recipient reads the same updates, newest first, with who may change each; 404 another family; 401 anonymous', async () => {
      const ofOwner = await list(as.owner);
      expect(ofOwner.next).toBeNull();
      expect(ofOwner.items.map((u) => u.text)).toEqual([
        'Grandma is flying in Friday',
        'Seizure at 2:15 pm, 40 seconds. She is resting now.',
        'Thinking of you all',
        'Picked her up at 3',
        'Maya had a great day at school.',
      ]);
      expect(ofOwner.items.every((u) => u.canChange)).toBe(true); // the primary may change every update
      const mine = (page: CareUpdatePage) => page.items.filter((u) => u.canChange).map((u) => u.authorId);
      expect(new Set(mine(await list(as.editor)))).toEqual(new Set([editor.id]));
      const ofViewer = await list(as.viewer);
      expect(ofViewer.items.map((u) => u.id)).toEqual(ofOwner.items.map((u) => u.id));
      expect(new Set(mine(ofViewer))).toEqual(new Set([viewer.id]));
      await as.stranger.get(`/api/children/${childId}/updates`).expect(404);
      await as.anonymous.get(`/api/children/${childId}/updates`).expect(401);
      expect((await as.stranger.get(`/api/children/${strangerChildId}/updates`).expect(200)).body.items.map((u: CareUpdate) => u.text)).toEqual(['Leo slept well']);
    });

    it(`pages of ${CARE_UPDATE_LIMITS.pageSize} through next; ?limit within 1..max; a bad cursor is a 400`, async () => {
      const { agent } = await t.signUp();
      const child = (await agent.post('/api/children').send({ firstName: 'Page', lastName: 'Turner' }).expect(201)).body.id;
      for (let i = 0; i < CARE_UPDATE_LIMITS.pageSize + 2; i++) await agent.post(`/api/children/${child}/updates`).send({ text: `Note ${i}` }).expect(201);
      const first = (await agent.get(`/api/children/${child}/updates`).expect(200)).body as CareUpdatePage;
      expect(first.items).toHaveLength(CARE_UPDATE_LIMITS.pageSize);
      expect(first.items[0].text).toBe(`Note ${CARE_UPDATE_LIMITS.pageSize + 1}`);
      const second = (await agent.get(`/api/children/${child}/updates`).query({ cursor: first.next }).expect(200)).body as CareUpdatePage;
      expect(second).toEqual({ items: [expect.objectContaining({ text: 'Note 1' }), expect.objectContaining({ text: 'Note 0' })], next: null });
      for (const cursor of ['garbage', 'a'.repeat(500)]) {
        const res = await agent.get(`/api/children/${child}/updates`).query({ cursor }).expect(400);
        expect(res.body).toMatchObject({ statusCode: 400, errors: [{ field: 'cursor', message: PAGE_TEXT.badCursor }] });
      }
      await agent.get(`/api/children/${child}/updates?cursor=a&cursor=b`).expect(400);
      // ?limit: 1 to the maximum; a page of 1 walks them all, in order, with a new one posted between pages (newer: not in this walk).
      for (const limit of ['0', String(PAGE_LIMITS.max + 1), '-1', '2.5', 'ten']) {
        expect((await agent.get(`/api/children/${child}/updates`).query({ limit }).expect(400)).body).toMatchObject({ errors: [{ field: 'limit', message: PAGE_TEXT.badLimit }] });
      }
      expect((await agent.get(`/api/children/${child}/updates`).query({ limit: PAGE_LIMITS.max }).expect(200)).body.items).toHaveLength(CARE_UPDATE_LIMITS.pageSize + 2);
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const page = (await agent.get(`/api/children/${child}/updates`).query({ limit: 5, ...(cursor ? { cursor } : {}) }).expect(200)).body as CareUpdatePage;
        expect(page.items.length).toBeLessThanOrEqual(5);
        walked.push(...page.items.map((u) => u.text));
        if (walked.length === 5) await agent.post(`/api/children/${child}/updates`).send({ text: 'Posted between pages' }).expect(201);
        cursor = page.next;
      } while (cursor);
      expect(walked).toEqual(Array.from({ length: CARE_UPDATE_LIMITS.pageSize + 2 }, (_, i) => `Note ${CARE_UPDATE_LIMITS.pageSize + 1 - i}`));
      // Another family's cursor on this recipient, or this family's on theirs, reads only the path's own recipient, if the caller sees it.
      await as.stranger.get(`/api/children/${child}/updates`).query({ cursor: first.next }).expect(404);
      expect((await as.stranger.get(`/api/children/${strangerChildId}/updates`).query({ cursor: first.next }).expect(200)).body.items.map((u: CareUpdate) => u.text)).not.toContain('Note 0');
    });
  });

  describe('PUT and DELETE /api/updates/{id}', () => {
    it('the author or the primary caregiver edits; other caregivers 403; another family 404; anonymous 401', async () => {
      const ownerUpdate = await post(as.owner, { text: 'Doctor visit at 10', important: false });
      const edit = { text: 'Doctor visit moved to 11', important: false };
      for (const agent of [as.editor, as.viewer]) {
        const refused = await agent.put(`/api/updates/${ownerUpdate.id}`).send(edit).expect(403);
        expect(refused.body).toEqual({ statusCode: 403, message: CARE_UPDATE_TEXT.notYours, code: 'CARE_UPDATES.FORBIDDEN' });
      }
      const hidden = await as.stranger.put(`/api/updates/${ownerUpdate.id}`).send(edit).expect(404);
      expect(hidden.body).toMatchObject({ message: CARE_UPDATE_TEXT.notFound });
      await as.anonymous.put(`/api/updates/${ownerUpdate.id}`).send(edit).expect(401);
      const edited = (await as.owner.put(`/api/updates/${ownerUpdate.id}`).send(edit).expect(200)).body as CareUpdate;
      expect(edited).toMatchObject({ id: ownerUpdate.id, text: 'Doctor visit moved to 11', createdAt: ownerUpdate.createdAt, editedAt: expect.any(String), canChange: true });

      // The view-only caregiver edits their own update; the primary may edit it too; the editor may not.
      const viewerUpdate = await post(as.viewer, { text: 'Bringing soup tonight' });
      expect((await as.viewer.put(`/api/updates/${viewerUpdate.id}`).send({ text: 'Bringing soup tomorrow' }).expect(200)).body).toMatchObject({ text: 'Bringing soup tomorrow', canChange: true });
      await as.editor.put(`/api/updates/${viewerUpdate.id}`).send({ text: 'Mine now' }).expect(403);
      expect((await as.owner.put(`/api/updates/${viewerUpdate.id}`).send({ text: 'Bringing soup tomorrow (chicken)' }).expect(200)).body).toMatchObject({
        authorId: viewer.id,
        authorName: 'Vera Viewer',
      });
      // An unchanged edit records nothing.
      const before = await events();
      await as.viewer.put(`/api/updates/${viewerUpdate.id}`).send({ text: 'Bringing soup tomorrow (chicken)' }).expect(200);
      expect(await events()).toBe(before);
    });

    it('the author or the primary caregiver removes; other caregivers 403; another family 404; anonymous 401; twice is 404', async () => {
      const editorUpdate = await post(as.editor, { text: 'Wrong recipient, sorry' });
      await as.viewer.delete(`/api/updates/${editorUpdate.id}`).expect(403);
      await as.stranger.delete(`/api/updates/${editorUpdate.id}`).expect(404);
      await as.anonymous.delete(`/api/updates/${editorUpdate.id}`).expect(401);
      await as.editor.delete(`/api/updates/${editorUpdate.id}`).expect(204);
      expect((await list(as.owner)).items.map((u) => u.id)).not.toContain(editorUpdate.id);
      await as.editor.delete(`/api/updates/${editorUpdate.id}`).expect(404);
      await as.editor.put(`/api/updates/${editorUpdate.id}`).send({ text: 'Back?' }).expect(404);

      const viewerUpdate = await post(as.viewer, { text: 'Removed by the primary caregiver', important: true });
      expect((await careNotifications(as.editor)).map((n) => n.message)).toContain('Removed by the primary caregiver');
      await as.editor.delete(`/api/updates/${viewerUpdate.id}`).expect(403);
      await as.owner.delete(`/api/updates/${viewerUpdate.id}`).expect(204);
      expect((await careNotifications(as.editor)).map((n) => n.message)).not.toContain('Removed by the primary caregiver');
    });
  });

  describe('GET /api/updates/{id}/history', () => {
    it('every version in order, removed updates included, for everyone who sees the recipient; 404 another family; 401 anonymous', async () => {
      const update = await post(as.viewer, { text: 'First version' });
      await as.viewer.put(`/api/updates/${update.id}`).send({ text: 'Second version', imageUrl: '/api/uploads/0f0e0d0c-0b0a-4908-8706-050403020100.jpg', important: true }).expect(200);
      await as.owner.delete(`/api/updates/${update.id}`).expect(204);
      for (const agent of [as.owner, as.editor, as.viewer]) {
        const history = (await agent.get(`/api/updates/${update.id}/history`).expect(200)).body;
        expect(history).toEqual([
          { type: 'posted', text: 'First version', imageUrl: null, important: false, actorId: viewer.id, actorName: 'Vera Viewer', occurredAt: update.createdAt, revision: expect.any(Number) },
          { type: 'edited', text: 'Second version', imageUrl: '/api/uploads/0f0e0d0c-0b0a-4908-8706-050403020100.jpg', important: true, actorId: viewer.id, actorName: 'Vera Viewer', occurredAt: expect.any(String), revision: expect.any(Number) },
          { type: 'removed', text: null, imageUrl: null, important: true, actorId: owner.id, actorName: 'Olivia Owner', occurredAt: expect.any(String), revision: expect.any(Number) },
        ]);
        expect(history.map((v: { revision: number }) => v.revision)).toEqual([...history.map((v: { revision: number }) => v.revision)].sort((a, b) => a - b));
      }
      await as.stranger.get(`/api/updates/${update.id}/history`).expect(404);
      await as.anonymous.get(`/api/updates/${update.id}/history`).expect(401);
      for (const id of [randomUUID(), 'not-a-uuid', strangerUpdateId]) await as.owner.get(`/api/updates/${id}/history`).expect(404);
    });
  });

  it('bad input is a 400 (or 404 for ids) that records nothing', async () => {
    const [target] = (await list(as.owner)).items;
    const snapshot = async () => ({ events: await events(), owner: await list(as.owner), stranger: (await as.stranger.get(`/api/children/${strangerChildId}/updates`)).body });
    const before = await snapshot();
    const bad: [string, unknown, string, string?][] = [
      ['missing text', { important: true }, 'text', CARE_UPDATE_TEXT.textRequired],
      ['blank text', { text: '  \n ' }, 'text', CARE_UPDATE_TEXT.textRequired],
      ['10 kB of text', { text: 'x'.repeat(10_000) }, 'text'],
      ['2001 characters', { text: 'y'.repeat(2001) }, 'text'],
      ['a NUL', { text: 'Fine\u0000day' }, 'text'],
      ['a lone surrogate', { text: 'Fine\ud800day' }, 'text'],
      ['a number for text', { text: 42 }, 'text', CARE_UPDATE_TEXT.textRequired],
      ['an array for text', { text: ['a'] }, 'text'],
      ['an http photo', { text: 'ok', imageUrl: 'http://example.com/p.jpg' }, 'imageUrl'],
      ['a javascript: photo', { text: 'ok', imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
      ['a scheme-relative photo', { text: 'ok', imageUrl: '//evil.example/p.jpg' }, 'imageUrl'],
      ['a number for the photo', { text: 'ok', imageUrl: 5 }, 'imageUrl'],
      ['text for important', { text: 'ok', important: 'yes' }, 'important'],
      ['a number for important', { text: 'ok', important: 1 }, 'important'],
    ];
    for (const [label, body, field, message] of bad) {
      for (const send of [() => as.owner.post(`/api/children/${childId}/updates`).send(body as object), () => as.owner.put(`/api/updates/${target.id}`).send(body as object)]) {
        const res = await send();
        expect({ label, status: res.status, fields: (res.body.errors ?? []).map((e: { field: string }) => e.field) }).toEqual({ label, status: 400, fields: expect.arrayContaining([field]) });
        if (message) expect(res.body.message).toBe(message);
      }
    }
    await as.owner.post(`/api/children/${childId}/updates`).send([{ text: 'an array body' }]).expect(400);
    // Ids: another family's update or recipient, unknown ones, ones that are not UUIDs.
    for (const id of [strangerUpdateId, strangerChildId, randomUUID(), 'not-a-uuid', '1']) {
      await as.owner.put(`/api/updates/${id}`).send({ text: 'Mine now' }).expect(404);
      await as.owner.delete(`/api/updates/${id}`).expect(404);
    }
    await as.owner.post(`/api/children/${strangerChildId}/updates`).send({ text: 'Planted' }).expect(404);
    await as.owner.get(`/api/children/${strangerChildId}/updates`).expect(404);
    await as.owner.post(`/api/children/${randomUUID()}/updates`).send({ text: 'Nobody' }).expect(404);
    await as.owner.post('/api/children/not-a-uuid/updates').send({ text: 'Nobody' }).expect(400);
    expect(await snapshot()).toEqual(before);
  });

  it(`${CARE_UPDATE_LIMITS.perAuthorPerDay} updates per author and recipient in 24 hours: the next is a 409 that records nothing`, async () => {
    const { agent, user } = await t.signUp();
    const child = (await agent.post('/api/children').send({ firstName: 'Busy', lastName: 'Day' }).expect(201)).body.id;
    const postedAt = new Date().toISOString();
    // Given a full day (appended at once: the decider's rule is unit-tested).
    const day = Array.from({ length: CARE_UPDATE_LIMITS.perAuthorPerDay }, (_, i) => ({
      id: randomUUID(),
      type: 'CareUpdatePosted',
      data: { childId: child, updateId: randomUUID(), authorId: user.id, text: `Update ${i}`, imageUrl: null, important: false, postedAt },
      metadata: { ...commandMetadata(user.id), causationId: null },
    }));
    const store = t.app.get<EventStore>(EVENT_STORE);
    const start = await events();
    await store.append(careUpdateStreams.day(child, user.id, postedAt), day, 'no_stream');
    const before = await settledEventCount(store, start + day.length);
    const res = await agent.post(`/api/children/${child}/updates`).send({ text: 'One too many' }).expect(409);
    expect(res.body).toMatchObject({ statusCode: 409, message: CARE_UPDATE_TEXT.dailyLimit, code: 'CARE_UPDATES.DAILY_LIMIT' });
    expect(await events()).toBe(before);
  });

  it(`${CARE_UPDATE_LIMITS.editsPerUpdate} edits of one update: the last is answered, the next is a 400 naming the limit that records nothing`, async () => {
    const { agent, user } = await t.signUp();
    const child = (await agent.post('/api/children').send({ firstName: 'Many', lastName: 'Edits' }).expect(201)).body.id;
    const updateId = randomUUID();
    const event = (type: string, data: object) => ({ id: randomUUID(), type, data: { childId: child, updateId, authorId: user.id, imageUrl: null, important: false, ...data }, metadata: { ...commandMetadata(user.id), causationId: null } });
    // Given a post and all but one of its edits (appended at once: the decider's rule is unit-tested),
    // in the recipient's legacy stream: the edits made there count.
    const given = [
      event('CareUpdatePosted', { text: 'Version 0', postedAt: new Date().toISOString() }),
      ...Array.from({ length: CARE_UPDATE_LIMITS.editsPerUpdate - 1 }, (_, i) => event('CareUpdateEdited', { text: `Version ${i + 1}`, editedBy: user.id, editedAt: new Date().toISOString() })),
    ];
    const store = t.app.get<EventStore>(EVENT_STORE);
    const start = await events();
    await store.append(`care-updates-${child}`, given, 'no_stream');
    await settledEventCount(store, start + given.length);
    await allProjectionsCaughtUp(t.app); // the update's row, which the access check reads
    await agent.put(`/api/updates/${updateId}`).send({ text: 'The last edit' }).expect(200);
    const before = await events();
    const res = await agent.put(`/api/updates/${updateId}`).send({ text: 'One edit too many' }).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, message: CARE_UPDATE_TEXT.editLimit, code: 'CARE_UPDATES.EDIT_LIMIT' });
    expect(await events()).toBe(before);
    const history = (await agent.get(`/api/updates/${updateId}/history`).expect(200)).body as { text: string }[];
    expect(history).toHaveLength(CARE_UPDATE_LIMITS.editsPerUpdate + 1);
    expect(history.at(-1)!.text).toBe('The last edit');
  });

  describe('bounded streams (issue 22): a request reads only the streams of its answer, however long the journal', () => {
    const given = (child: string, authorId: string) => (type: string, data: object, occurredAt = new Date().toISOString()) => ({
      id: randomUUID(),
      type,
      data: { childId: child, authorId, imageUrl: null, important: false, ...data },
      metadata: { ...commandMetadata(authorId), occurredAt, causationId: null },
    });
    /** Appends as the store's events of another time would be, then waits until the rows show them. */
    const seed = async (streamId: string, seeded: ReturnType<ReturnType<typeof given>>[]) => {
      const store = t.app.get<EventStore>(EVENT_STORE);
      const start = await events();
      await store.append(streamId, seeded, 'no_stream');
      await settledEventCount(store, start + seeded.length);
      await allProjectionsCaughtUp(t.app);
    };
    /** The care-update streams read while `act` runs. */
    const streamsRead = async (act: () => Promise<unknown>) => {
      const reads = jest.spyOn(t.app.get<EventStore>(EVENT_STORE), 'readStream');
      try {
        await act();
        return new Set(reads.mock.calls.map(([streamId]) => streamId).filter((streamId) => streamId.startsWith('care-update')));
      } finally {
        reads.mockRestore();
      }
    };

    it("posting reads the author's day before and day; editing and the history read the update's day stream and its own", async () => {
      const { agent, user } = await t.signUp();
      const child = (await agent.post('/api/children').send({ firstName: 'Long', lastName: 'Journal' }).expect(201)).body.id;
      // A long journal in the legacy stream (more posts by this author in the last 24 hours than the limit:
      // they are not counted, docs/care-updates.md), and another author's full day.
      const mine = given(child, user.id);
      await seed(careUpdateStreams.legacy(child), Array.from({ length: 2 * CARE_UPDATE_LIMITS.perAuthorPerDay }, (_, i) => mine('CareUpdatePosted', { updateId: randomUUID(), text: `Old ${i}`, postedAt: new Date().toISOString() })));
      const otherAuthor = randomUUID();
      const theirs = given(child, otherAuthor);
      const now = new Date().toISOString();
      await seed(careUpdateStreams.day(child, otherAuthor, now), Array.from({ length: CARE_UPDATE_LIMITS.perAuthorPerDay }, (_, i) => theirs('CareUpdatePosted', { updateId: randomUUID(), text: `Theirs ${i}`, postedAt: now })));

      let update!: CareUpdate;
      const posting = await streamsRead(async () => (update = (await agent.post(`/api/children/${child}/updates`).send({ text: 'Today' }).expect(201)).body));
      const day = careUpdateStreams.day(child, user.id, update.createdAt);
      expect(posting).toEqual(new Set([careUpdateStreams.dayBefore(child, user.id, update.createdAt), day]));
      const store = t.app.get<EventStore>(EVENT_STORE);
      expect((await store.readStream(day)).map((e) => e.data.updateId)).toEqual([update.id]);

      const editing = await streamsRead(() => agent.put(`/api/updates/${update.id}`).send({ text: 'Today, edited' }).expect(200));
      expect(editing).toEqual(new Set([day, careUpdateStreams.update(update.id)]));
      expect((await store.readStream(careUpdateStreams.update(update.id))).map((e) => e.type)).toEqual(['CareUpdateEdited']);

      let history: { type: string; text: string | null; revision: number }[] = [];
      const reading = await streamsRead(async () => (history = (await agent.get(`/api/updates/${update.id}/history`).expect(200)).body));
      expect(reading).toEqual(new Set([day, careUpdateStreams.update(update.id)]));
      expect(history.map(({ type, text, revision }) => ({ type, text, revision }))).toEqual([
        { type: 'posted', text: 'Today', revision: 0 },
        { type: 'edited', text: 'Today, edited', revision: 1 },
      ]);
      const journal = ((await agent.get(`/api/children/${child}/updates`).query({ limit: PAGE_LIMITS.max }).expect(200)).body as CareUpdatePage).items;
      expect(journal.filter((u) => u.authorId === user.id)).toHaveLength(2 * CARE_UPDATE_LIMITS.perAuthorPerDay + 1);
      expect(journal.filter((u) => u.authorId === otherAuthor)).toHaveLength(CARE_UPDATE_LIMITS.perAuthorPerDay);
    });

    it(`two posts at once by one author with ${CARE_UPDATE_LIMITS.perAuthorPerDay - 1} today: the event store lets one through, the other is a 409`, async () => {
      const { agent, user } = await t.signUp();
      const child = (await agent.post('/api/children').send({ firstName: 'Race', lastName: 'Day' }).expect(201)).body.id;
      const now = new Date().toISOString();
      const mine = given(child, user.id);
      await seed(careUpdateStreams.day(child, user.id, now), Array.from({ length: CARE_UPDATE_LIMITS.perAuthorPerDay - 1 }, (_, i) => mine('CareUpdatePosted', { updateId: randomUUID(), text: `Update ${i}`, postedAt: now })));
      const answers = await Promise.all(['First', 'Second'].map((text) => agent.post(`/api/children/${child}/updates`).send({ text })));
      expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
      expect(answers.find((res) => res.status === 409)!.body).toMatchObject({ code: 'CARE_UPDATES.DAILY_LIMIT' });
      const days = [careUpdateStreams.dayBefore(child, user.id, new Date().toISOString()), careUpdateStreams.day(child, user.id, now), careUpdateStreams.day(child, user.id, new Date().toISOString())];
      const store = t.app.get<EventStore>(EVENT_STORE);
      const posted = new Set((await Promise.all([...new Set(days)].map((streamId) => store.readStream(streamId)))).flat().map((e) => e.id));
      expect(posted.size).toBe(CARE_UPDATE_LIMITS.perAuthorPerDay);
    });

    it('an update posted in the legacy stream is still read, edited and removed; its new events go to its own stream', async () => {
      const { agent, user } = await t.signUp();
      const child = (await agent.post('/api/children').send({ firstName: 'Old', lastName: 'Times' }).expect(201)).body.id;
      const updateId = randomUUID();
      const mine = given(child, user.id);
      const others = given(child, randomUUID());
      const postedAt = new Date(Date.now() - 3 * 86_400_000).toISOString();
      // 199 updates at one instant, all on the largest page (its order among them is its random id's).
      const around = (PAGE_LIMITS.max - 2) / 2;
      const legacy = [
        ...Array.from({ length: around }, (_, i) => others('CareUpdatePosted', { updateId: randomUUID(), text: `Before ${i}`, postedAt }, postedAt)),
        mine('CareUpdatePosted', { updateId, text: 'Posted long ago', postedAt }, postedAt),
        ...Array.from({ length: around }, (_, i) => others('CareUpdatePosted', { updateId: randomUUID(), text: `After ${i}`, postedAt }, postedAt)),
        mine('CareUpdateEdited', { updateId, text: 'Edited long ago', editedBy: user.id, editedAt: postedAt }, postedAt),
      ];
      await seed(careUpdateStreams.legacy(child), legacy);
      const store = t.app.get<EventStore>(EVENT_STORE);

      const editing = await streamsRead(() => agent.put(`/api/updates/${updateId}`).send({ text: 'Edited today', important: true }).expect(200));
      expect(editing).toEqual(new Set([careUpdateStreams.day(child, user.id, postedAt), careUpdateStreams.legacy(child), careUpdateStreams.update(updateId)]));
      expect((await agent.get(`/api/children/${child}/updates`).query({ limit: PAGE_LIMITS.max }).expect(200)).body.items).toContainEqual(
        expect.objectContaining({ id: updateId, text: 'Edited today', important: true, createdAt: postedAt, editedAt: expect.any(String) }),
      );
      await agent.delete(`/api/updates/${updateId}`).expect(204);
      await agent.delete(`/api/updates/${updateId}`).expect(404);
      expect((await store.readStream(careUpdateStreams.update(updateId))).map((e) => e.type)).toEqual(['CareUpdateEdited', 'CareUpdateRemoved']);
      expect(await store.readStream(careUpdateStreams.legacy(child))).toHaveLength(legacy.length); // it no longer grows

      const history = (await agent.get(`/api/updates/${updateId}/history`).expect(200)).body;
      expect(history).toEqual([
        { type: 'posted', text: 'Posted long ago', imageUrl: null, important: false, actorId: user.id, actorName: expect.any(String), occurredAt: postedAt, revision: 0 },
        { type: 'edited', text: 'Edited long ago', imageUrl: null, important: false, actorId: user.id, actorName: expect.any(String), occurredAt: postedAt, revision: 1 },
        { type: 'edited', text: 'Edited today', imageUrl: null, important: true, actorId: user.id, actorName: expect.any(String), occurredAt: expect.any(String), revision: 2 },
        { type: 'removed', text: null, imageUrl: null, important: true, actorId: user.id, actorName: expect.any(String), occurredAt: expect.any(String), revision: 3 },
      ]);
    });
  });

  it('erasure: removing the recipient removes its updates and their notifications; a deleted author’s updates stay, as "Former caregiver"', async () => {
    const { agent: primary, user: primaryUser } = await t.signUp({ firstName: 'Pat', lastName: 'Primary' });
    const { agent: helper, user: helperUser } = await t.signUp({ firstName: 'Hal', lastName: 'Helper', password: 'helper password 1' });
    const kept = (await primary.post('/api/children').send({ firstName: 'Kept', lastName: 'Journal' }).expect(201)).body.id;
    const removed = (await primary.post('/api/children').send({ firstName: 'Gone', lastName: 'Soon' }).expect(201)).body.id;
    for (const child of [kept, removed]) await t.grantAccess(child, primaryUser.id, helperUser.id, false);
    await helper.post(`/api/children/${kept}/updates`).send({ text: 'Hal was here', important: true }).expect(201);
    const gone = (await primary.post(`/api/children/${removed}/updates`).send({ text: 'About to go', important: true }).expect(201)).body as CareUpdate;
    expect((await careNotifications(helper)).map((n) => n.childId)).toEqual([removed]);
    await primary.put(`/api/updates/${gone.id}`).send({ text: 'About to go, edited', important: true }).expect(200);

    await primary.delete(`/api/children/${removed}`).expect(204);
    expect(await careNotifications(helper)).toEqual([]);
    await primary.get(`/api/updates/${gone.id}/history`).expect(404);
    const db = t.app.get<EventStore>(EVENT_STORE);
    expect((await db.readStream(careUpdateStreams.day(removed, primaryUser.id, gone.createdAt)))[0].data.text).toBe('Erased'); // the recipient's key is destroyed
    expect((await db.readStream(careUpdateStreams.update(gone.id)))[0].data.text).toBe('Erased'); // in the update's own stream too

    await helper.delete('/api/user').send({ password: 'helper password 1' }).expect(204);
    const [journal] = (await primary.get(`/api/children/${kept}/updates`).expect(200)).body.items as CareUpdate[];
    expect(journal).toMatchObject({ text: 'Hal was here', authorId: helperUser.id, authorName: CARE_UPDATE_TEXT.formerCaregiver, canChange: true });
    expect((await primary.get(`/api/updates/${journal.id}/history`).expect(200)).body[0]).toMatchObject({ actorName: CARE_UPDATE_TEXT.formerCaregiver });
  });
});
