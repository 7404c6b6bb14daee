import { occurrenceTaskId, occurrencesOn, uuidv5 } from './occurrence-ids';

describe('occurrence task ids', () => {
  it('are RFC 9562 version-5 UUIDs (checked against the RFC test vector)', () => {
    // RFC 9562 appendix A.4: name "www.example.com" in the DNS namespace.
    expect(uuidv5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('are the same for the same template, date and time, and differ otherwise', () => {
    const id = occurrenceTaskId('tpl-1', '2026-11-21', '08:00');
    expect(id).toBe(occurrenceTaskId('tpl-1', '2026-11-21', '08:00'));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set([id, occurrenceTaskId('tpl-1', '2026-11-22', '08:00'), occurrenceTaskId('tpl-1', '2026-11-21', '20:00'), occurrenceTaskId('tpl-2', '2026-11-21', '08:00')]).size).toBe(4);
  });

  it('occurrencesOn gives one per time on an occurring day, none otherwise', () => {
    const t = {
      isActive: true,
      isRepeating: true,
      repeatPattern: 'daily' as const,
      repeatInterval: 1,
      repeatStartDate: '2026-11-20', // a Friday
      repeatEndDate: null,
      daysOfWeek: ['saturday' as const],
      templateId: 'tpl',
      scheduledTimes: ['08:00', '20:00'],
    };
    expect(occurrencesOn(t, '2026-11-21').map((o) => o.time)).toEqual(['08:00', '20:00']);
    expect(occurrencesOn(t, '2026-11-20')).toEqual([]);
  });
});
