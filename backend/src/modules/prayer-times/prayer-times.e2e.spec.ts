import { useTestApp } from '../../test-support/test-app';

describe('prayer times and prayer settings over HTTP', () => {
  const t = useTestApp();

  const newYork = { latitude: '40.7128', longitude: '-74.006', method: '2', timezone: 'America/New_York' };

  it('answers the five methods', async () => {
    const { agent } = await t.signUp({ email: 'methods@example.com' });
    const res = await agent.get('/api/prayer-times/methods').expect(200);
    expect(res.body).toEqual({
      success: true,
      data: [
        { id: 1, name: 'Karachi' },
        { id: 2, name: 'North America' },
        { id: 3, name: 'Muslim World League' },
        { id: 4, name: 'Makkah (Umm Al-Qura)' },
        { id: 5, name: 'Egyptian' },
      ],
    });
  });

  it("answers a day's times in the spec's shape", async () => {
    const { agent } = await t.signUp({ email: 'times@example.com' });
    const res = await agent.get('/api/prayer-times/coordinates').query({ ...newYork, date: '2026-06-21' }).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.formatted.map((p: { name: string }) => p.name)).toEqual(['Fajr', 'Sunrise', 'Dhuhr', 'Asr', 'Maghrib', 'Isha']);
    for (const p of res.body.data.formatted) expect(p).toEqual({ name: p.name, timeFormatted: expect.stringMatching(/^\d{1,2}:\d{2} [AP]M$/), isNext: expect.any(Boolean), isPassed: expect.any(Boolean) });
    expect(res.body.data.formatted[2].timeFormatted).toMatch(/^12:5\d PM$/); // Dhuhr in New York in June, daylight time
    expect(res.body.data.nextPrayer).toEqual({ name: expect.any(String), time: expect.any(String), minutesUntil: expect.any(Number) });
    expect(res.body.data.date).toEqual({ readable: '21 Jun 2026' });
    expect(res.body.data.location).toEqual({ city: null, country: null, latitude: 40.7128, longitude: -74.006 });
    // Method defaults to 2 and date to today in the zone.
    const defaults = await agent.get('/api/prayer-times/coordinates').query({ latitude: '40.7128', longitude: '-74.006', timezone: 'America/New_York' }).expect(200);
    expect(defaults.body.data.formatted).toHaveLength(6);
  });

  it.each([
    [{ method: '9' }, 'method'],
    [{ method: '2.5' }, 'method'],
    [{ latitude: '200' }, 'latitude'],
    [{ longitude: 'abc' }, 'longitude'],
    [{ timezone: 'Mars/Olympus' }, 'timezone'],
    [{ date: '2101-01-01' }, 'date'],
    [{ date: '2026-02-30' }, 'date'],
    [{ latitude: '' }, 'latitude'],
  ])('refuses %p with a 400 naming %s', async (bad, field) => {
    const { agent } = await t.signUp({ email: `bad-${field}-${Object.values(bad)[0]}@example.com`.replace(/[^a-z0-9@.-]/gi, 'x') });
    const res = await agent.get('/api/prayer-times/coordinates').query({ ...newYork, ...bad }).expect(400);
    expect(res.body.message).toMatch(new RegExp(field, "i")); // a date out of range: "Dates must be between 1900-01-01 and 2100-12-31."
  });

  it('answers 400 where the day has no prayer times (polar day near the North Pole), not a 500', async () => {
    const { agent } = await t.signUp({ email: 'polar@example.com' });
    const res = await agent.get('/api/prayer-times/coordinates').query({ latitude: '89.9', longitude: '0', timezone: 'UTC', date: '2026-06-21' }).expect(400);
    expect(res.body).toMatchObject({ code: 'PRAYER_TIMES.NO_TIMES', errors: [{ field: 'latitude' }] });
  });

  it('refuses a missing coordinate with a 400', async () => {
    const { agent } = await t.signUp({ email: 'missing@example.com' });
    await agent.get('/api/prayer-times/coordinates').query({ longitude: '-74.006', timezone: 'America/New_York' }).expect(400);
  });

  it('answers 401 to anonymous requests', async () => {
    await t.agent().get('/api/prayer-times/methods').expect(401);
    await t.agent().get('/api/prayer-times/coordinates').query(newYork).expect(401);
    await t.agent().patch('/api/user/prayer-settings').send({ enablePrayerTasks: true }).expect(401);
  });

  it("changes the signed-in user's own prayer settings, and no one else's", async () => {
    const owner = await t.signUp({ email: 'prayer-owner@example.com' });
    const other = await t.signUp({ email: 'prayer-other@example.com' });
    const res = await owner.agent.patch('/api/user/prayer-settings').send({ enablePrayerTasks: true }).expect(200);
    expect(res.body).toMatchObject({ id: owner.user.id, enablePrayerTasks: true, prayerCalculationMethod: 2 });
    const second = await owner.agent.patch('/api/user/prayer-settings').send({ prayerCalculationMethod: 4 }).expect(200);
    expect(second.body).toMatchObject({ enablePrayerTasks: true, prayerCalculationMethod: 4 });
    expect((await owner.agent.get('/api/auth/user').expect(200)).body).toMatchObject({ enablePrayerTasks: true, prayerCalculationMethod: 4 });
    // The other family's settings stay the defaults; a body naming another user changes only the sender's own.
    expect((await other.agent.get('/api/auth/user').expect(200)).body).toMatchObject({ enablePrayerTasks: false, prayerCalculationMethod: 2 });
    await other.agent.patch('/api/user/prayer-settings').send({ userId: owner.user.id, prayerCalculationMethod: 5 }).expect(200);
    expect((await owner.agent.get('/api/auth/user').expect(200)).body).toMatchObject({ enablePrayerTasks: true, prayerCalculationMethod: 4 });
    expect((await other.agent.get('/api/auth/user').expect(200)).body).toMatchObject({ enablePrayerTasks: false, prayerCalculationMethod: 5 });
  });

  it('records no event for an unchanged value', async () => {
    const { agent, user } = await t.signUp({ email: 'prayer-same@example.com' });
    const count = async () => (await t.sql(`SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1 AND type = 'PrayerSettingsChanged'`, [`user-${user.id}`])).rows[0].n;
    await agent.patch('/api/user/prayer-settings').send({ enablePrayerTasks: false, prayerCalculationMethod: 2 }).expect(200);
    expect(await count()).toBe(0);
    await agent.patch('/api/user/prayer-settings').send({ prayerCalculationMethod: 3 }).expect(200);
    await agent.patch('/api/user/prayer-settings').send({ prayerCalculationMethod: 3 }).expect(200);
    expect(await count()).toBe(1);
  });

  it.each([[{ prayerCalculationMethod: 9 }], [{ prayerCalculationMethod: 2.5 }], [{ prayerCalculationMethod: '2' }], [{ enablePrayerTasks: 'yes' }], [{}], [{ unknownField: true }]])(
    'refuses %p with a 400 that changes nothing',
    async (body) => {
      const { agent } = await t.signUp({ email: `prayer-bad-${JSON.stringify(body).replace(/[^a-z0-9]/gi, '')}@example.com` });
      const res = await agent.patch('/api/user/prayer-settings').send(body).expect(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect((await agent.get('/api/auth/user').expect(200)).body).toMatchObject({ enablePrayerTasks: false, prayerCalculationMethod: 2 });
    },
  );
});
