import { CARE_UPDATE_LIMITS, CARE_UPDATE_MAX_TEXT, CARE_UPDATE_TEXT, VALIDATION_MESSAGES } from '@carecircle/libs';
import { deciderSpec } from '../../../test-support/decider-spec';
import { careUpdateStreams, eventsOfUpdate, postedIn, type CareUpdateEvent } from './care-updates';
import { careUpdatesDecider, careUpdatesDeciderAfter, type CareUpdateCommand } from './care-updates.decide';

const at = '2026-11-25T08:00:00.000Z';
const later = '2026-11-25T09:00:00.000Z';
const spec = deciderSpec(careUpdatesDecider);
const childId = '00000000-0000-4000-8000-000000000001';
const [author, primary, other] = ['author', 'primary', 'other'];
const metadata = (actorId: string | null, occurredAt = at) => ({ actorId, correlationId: 'c1', occurredAt });

const posted = (updateId = 'u-1', overrides: Partial<{ authorId: string; text: string; imageUrl: string | null; important: boolean; postedAt: string }> = {}): CareUpdateEvent => ({
  type: 'CareUpdatePosted',
  data: { childId, updateId, authorId: author, text: 'Good day at school', imageUrl: null, important: false, postedAt: at, ...overrides },
});
const removed = (updateId = 'u-1', removedBy = author): CareUpdateEvent => ({ type: 'CareUpdateRemoved', data: { childId, updateId, authorId: author, removedBy, removedAt: later } });

const post = (input: object, { updateId = 'u-1', actor = author as string | null, occurredAt = at } = {}): CareUpdateCommand => ({
  type: 'PostCareUpdate',
  childId,
  data: { updateId, input: input as never },
  metadata: metadata(actor, occurredAt),
});
const edit = (input: object, actor: string, actorIsPrimary = false, updateId = 'u-1'): CareUpdateCommand => ({
  type: 'EditCareUpdate',
  childId,
  data: { updateId, input: input as never, actorIsPrimary },
  metadata: metadata(actor, later),
});
const remove = (actor: string, actorIsPrimary = false, updateId = 'u-1'): CareUpdateCommand => ({
  type: 'RemoveCareUpdate',
  childId,
  data: { updateId, actorIsPrimary },
  metadata: metadata(actor, later),
});

describe('care updates decider', () => {
  describe('post', () => {
    it('posts the text trimmed; no photo and not important by default', () => {
      spec.given([]).when(post({ text: '  Good day at school \n' })).then([posted()]);
    });

    it('keeps a photo link (https or an upload path) and the important flag', () => {
      const upload = '/api/uploads/0f0e0d0c-0b0a-4908-8706-050403020100.jpg';
      spec.given([]).when(post({ text: 'Seizure at 3 pm', imageUrl: ` ${upload} `, important: true })).then([posted('u-1', { text: 'Seizure at 3 pm', imageUrl: upload, important: true })]);
      spec.given([]).when(post({ text: 'x', imageUrl: 'https://example.com/p.png' })).then([posted('u-1', { text: 'x', imageUrl: 'https://example.com/p.png' })]);
      spec.given([]).when(post({ text: 'x', imageUrl: '  ' })).then([posted('u-1', { text: 'x' })]);
    });

    it.each([
      ['no text', {}, 'text', CARE_UPDATE_TEXT.textRequired],
      ['blank text', { text: '   ' }, 'text', CARE_UPDATE_TEXT.textRequired],
      ['a number for text', { text: 42 }, 'text', CARE_UPDATE_TEXT.textRequired],
      ['a NUL', { text: 'a\u0000b' }, 'text', `text ${VALIDATION_MESSAGES.unsafeText}`],
      ['2001 characters', { text: 'x'.repeat(CARE_UPDATE_MAX_TEXT + 1) }, 'text', CARE_UPDATE_TEXT.tooLong],
      ['an http link', { text: 'ok', imageUrl: 'http://example.com/p.png' }, 'imageUrl', `imageUrl ${VALIDATION_MESSAGES.notLink}`],
      ['a javascript: link', { text: 'ok', imageUrl: 'javascript:alert(1)' }, 'imageUrl', `imageUrl ${VALIDATION_MESSAGES.notLink}`],
      ['a number for the link', { text: 'ok', imageUrl: 7 }, 'imageUrl', `imageUrl ${VALIDATION_MESSAGES.notLink}`],
      ['text for the flag', { text: 'ok', important: 'yes' }, 'important', 'important must be true or false'],
    ])('refuses %s: a 400 naming %s', (_label, input, field, message) => {
      spec.given([]).when(post(input)).thenThrows('CARE_UPDATES.INVALID', message);
      expect(() => careUpdatesDecider.decide(post(input), careUpdatesDecider.initialState())).toThrow(expect.objectContaining({ errors: [{ field, message }] }));
    });

    it('2000 characters once trimmed are accepted', () => {
      const text = 'x'.repeat(CARE_UPDATE_MAX_TEXT);
      spec.given([]).when(post({ text: ` ${text} ` })).then([posted('u-1', { text })]);
    });

    it('the same update id again records nothing (a retried request)', () => {
      spec.given([posted()]).when(post({ text: 'Good day at school' })).then([]);
    });

    it(`at most ${CARE_UPDATE_LIMITS.perAuthorPerDay} posts per author in any 24 hours; removed ones count; other authors and older posts do not`, () => {
      const day = Array.from({ length: CARE_UPDATE_LIMITS.perAuthorPerDay }, (_, i) => posted(`u-${i}`, { postedAt: '2026-11-24T08:00:00.001Z' }));
      const full = [...day.slice(0, -1), removed('u-0'), day[day.length - 1]];
      spec.given(full).when(post({ text: 'one more' }, { updateId: 'new' })).thenThrows('CARE_UPDATES.DAILY_LIMIT', CARE_UPDATE_TEXT.dailyLimit);
      spec.given(full).when(post({ text: 'mine' }, { updateId: 'new', actor: other })).then([posted('new', { authorId: other, text: 'mine' })]);
      // 24 hours after the oldest of them, there is room again.
      spec.given(full).when(post({ text: 'next day' }, { updateId: 'new', occurredAt: '2026-11-25T08:00:00.001Z' })).then([posted('new', { text: 'next day', postedAt: '2026-11-25T08:00:00.001Z' })]);
    });

    it('needs an actor', () => {
      spec.given([]).when(post({ text: 'x' }, { actor: null })).thenThrows('CARE_UPDATES.FORBIDDEN');
    });
  });

  describe('edit', () => {
    const edited = (editedBy: string, overrides: object = {}): CareUpdateEvent => ({
      type: 'CareUpdateEdited',
      data: { childId, updateId: 'u-1', authorId: author, text: 'Better day', imageUrl: null, important: true, editedBy, editedAt: later, ...overrides },
    });

    it('the author or the primary caregiver edits (a full replace); the event names both', () => {
      spec.given([posted()]).when(edit({ text: ' Better day ', important: true }, author)).then([edited(author)]);
      spec.given([posted()]).when(edit({ text: 'Better day', important: true }, primary, true)).then([edited(primary)]);
      spec.given([posted('u-1', { imageUrl: 'https://example.com/p.png' })]).when(edit({ text: 'Better day', important: true }, author)).then([edited(author)]);
    });

    it('anyone else who sees the recipient is refused (403)', () => {
      spec.given([posted()]).when(edit({ text: 'Mine now' }, other)).thenThrows('CARE_UPDATES.FORBIDDEN', CARE_UPDATE_TEXT.notYours);
    });

    it('an unknown or removed update is not found, before anything else', () => {
      for (const given of [[], [posted(), removed()], [posted('u-2')]]) {
        spec.given(given).when(edit({ text: 'x' }, author)).thenThrows('CARE_UPDATES.NOT_FOUND', CARE_UPDATE_TEXT.notFound);
        spec.given(given).when(edit({ text: '' }, other)).thenThrows('CARE_UPDATES.NOT_FOUND');
      }
    });

    it(`at most ${CARE_UPDATE_LIMITS.editsPerUpdate} edits of one update (400 naming it); an unchanged one is not counted`, () => {
      const edits = (n: number) => Array.from({ length: n }, (_, i) => edited(author, { text: `Version ${i + 1}` }));
      const max = CARE_UPDATE_LIMITS.editsPerUpdate;
      spec.given([posted(), ...edits(max - 1)]).when(edit({ text: 'Last one', important: true }, author)).then([edited(author, { text: 'Last one' })]);
      spec.given([posted(), ...edits(max)]).when(edit({ text: 'One more', important: true }, primary, true)).thenThrows('CARE_UPDATES.EDIT_LIMIT', CARE_UPDATE_TEXT.editLimit);
      spec.given([posted(), ...edits(max)]).when(edit({ text: `Version ${max}`, important: true }, author)).then([]);
    });

    it('nothing changed records nothing; bad input is a 400', () => {
      spec.given([posted()]).when(edit({ text: ' Good day at school ', important: false }, author)).then([]);
      spec.given([posted()]).when(edit({ text: ' ' }, author)).thenThrows('CARE_UPDATES.INVALID', CARE_UPDATE_TEXT.textRequired);
    });
  });

  describe('remove', () => {
    it('the author or the primary caregiver removes; a second removal is not found', () => {
      spec.given([posted()]).when(remove(author)).then([removed()]);
      spec.given([posted()]).when(remove(primary, true)).then([removed('u-1', primary)]);
      spec.given([posted(), removed()]).when(remove(author)).thenThrows('CARE_UPDATES.NOT_FOUND');
      spec.given([]).when(remove(primary, true)).thenThrows('CARE_UPDATES.NOT_FOUND');
    });

    it('anyone else is refused (403)', () => {
      spec.given([posted()]).when(remove(other)).thenThrows('CARE_UPDATES.FORBIDDEN', CARE_UPDATE_TEXT.notYours);
    });
  });

  describe('bounded streams (issue 22)', () => {
    const postedOn = (i: number, postedAt: string, authorId = author) => posted(`p-${postedAt}-${i}`, { postedAt, authorId });
    const posts = (n: number, postedAt: string) => Array.from({ length: n }, (_, i) => postedOn(i, postedAt));
    const limit = CARE_UPDATE_LIMITS.perAuthorPerDay;

    it('names a day stream by the UTC day of the time, whatever its offset; the day before is 24 hours earlier', () => {
      expect(careUpdateStreams.day(childId, author, '2026-11-25T00:30:00.000+02:00')).toBe(`care-updates-${childId}-${author}-2026-11-24`);
      expect(careUpdateStreams.day(childId, author, '2026-11-25T23:59:59.999Z')).toBe(`care-updates-${childId}-${author}-2026-11-25`);
      expect(careUpdateStreams.dayBefore(childId, author, '2026-03-01T00:00:00.000Z')).toBe(`care-updates-${childId}-${author}-2026-02-28`);
      expect(careUpdateStreams.update('u-1')).toBe('care-update-u-1');
      expect(careUpdateStreams.legacy(childId)).toBe(`care-updates-${childId}`);
    });

    it(`the rolling 24 hours span the day before's stream and the day's: ${limit} in both together is the limit`, () => {
      const yesterday = posts(limit - 10, '2026-11-24T20:00:00.000Z');
      const today = posts(10, '2026-11-25T01:00:00.000Z');
      const spec = deciderSpec(careUpdatesDeciderAfter(yesterday));
      spec.given(today).when(post({ text: 'one more' }, { updateId: 'new' })).thenThrows('CARE_UPDATES.DAILY_LIMIT', CARE_UPDATE_TEXT.dailyLimit);
      spec.given(today.slice(1)).when(post({ text: 'one more' }, { updateId: 'new' })).then([posted('new', { text: 'one more' })]);
      // The day before's posts leave the window 24 hours after each was made.
      spec.given(today).when(post({ text: 'later' }, { updateId: 'new', occurredAt: '2026-11-25T20:00:00.001Z' })).then([posted('new', { text: 'later', postedAt: '2026-11-25T20:00:00.001Z' })]);
    });

    it('a full day before alone is the limit; the same update id in the day before records nothing', () => {
      const yesterday = posts(limit, '2026-11-24T08:00:00.001Z');
      deciderSpec(careUpdatesDeciderAfter(yesterday)).given([]).when(post({ text: 'x' }, { updateId: 'new' })).thenThrows('CARE_UPDATES.DAILY_LIMIT');
      deciderSpec(careUpdatesDeciderAfter(yesterday)).given([]).when(post({ text: 'x' }, { updateId: yesterday[0].data.updateId })).then([]);
    });

    it("an edit or removal is decided on the update's post and its own stream", () => {
      const spec = deciderSpec(careUpdatesDeciderAfter([posted()]));
      spec.given([]).when(edit({ text: 'Better day' }, author)).then([expect.objectContaining({ type: 'CareUpdateEdited' }) as never]);
      spec.given([removed()]).when(edit({ text: 'Better day' }, author)).thenThrows('CARE_UPDATES.NOT_FOUND');
      spec.given([removed()]).when(remove(author)).thenThrows('CARE_UPDATES.NOT_FOUND');
      spec.given([]).when(remove(other)).thenThrows('CARE_UPDATES.FORBIDDEN');
      deciderSpec(careUpdatesDeciderAfter([])).given([]).when(remove(author)).thenThrows('CARE_UPDATES.NOT_FOUND');
    });

    describe('legacy: an update posted in the recipient\'s one stream, before the day streams', () => {
      const edited = (i: number, updateId = 'u-1'): CareUpdateEvent => ({
        type: 'CareUpdateEdited',
        data: { childId, updateId, authorId: author, text: `Version ${i}`, imageUrl: null, important: false, editedBy: author, editedAt: later },
      });
      const legacy = [posted('u-0'), posted(), edited(1, 'u-0'), edited(1), posted('u-2', { authorId: other }), edited(2), removed('u-2')];

      it('is found in the legacy stream only when its day stream does not hold its post', () => {
        expect(postedIn('u-1', [posted('u-9')])).toBe(false);
        expect(postedIn('u-1', [posted('u-9'), posted()])).toBe(true);
        expect(postedIn('u-1', [edited(1)])).toBe(false);
        expect(eventsOfUpdate('u-1', legacy)).toEqual([posted(), edited(1), edited(2)]);
      });

      it("its edits in the legacy stream and in its own stream count together toward the edit limit; a removal in either is final", () => {
        const max = CARE_UPDATE_LIMITS.editsPerUpdate;
        const spec = deciderSpec(careUpdatesDeciderAfter(eventsOfUpdate('u-1', legacy)));
        const own = Array.from({ length: max - 3 }, (_, i) => edited(i + 3));
        spec.given(own).when(edit({ text: 'Last one' }, author)).then([expect.objectContaining({ data: expect.objectContaining({ text: 'Last one', editedBy: author }) }) as never]);
        spec.given([...own, edited(max)]).when(edit({ text: 'One more' }, author)).thenThrows('CARE_UPDATES.EDIT_LIMIT');
        spec.given([]).when(remove(primary, true)).then([removed('u-1', primary)]);
        deciderSpec(careUpdatesDeciderAfter(eventsOfUpdate('u-2', legacy))).given([]).when(remove(other, false, 'u-2')).thenThrows('CARE_UPDATES.NOT_FOUND');
      });
    });
  });

  it('replaying the stream twice gives the same state', () => {
    const events = [posted(), posted('u-2', { authorId: other }), removed('u-2', other)];
    const fold = () => events.reduce(careUpdatesDecider.evolve, careUpdatesDecider.initialState());
    expect(fold()).toEqual(fold());
    expect(fold().updates['u-2'].removed).toBe(true);
  });
});
