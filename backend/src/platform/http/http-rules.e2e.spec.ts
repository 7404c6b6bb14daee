import { useTestApp } from '../../test-support/test-app';

/** DESIGN.md's HTTP rules: bad input is a clear 4xx that changes nothing; CSRF by Origin; JSON only. */
describe('HTTP rules', () => {
  const t = useTestApp();

  it('answers malformed JSON with 400 and the error shape', async () => {
    const { agent } = await t.signUp();
    const res = await agent.post('/api/children').set('Content-Type', 'application/json').send('{"firstName": "Maya",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'The request body is not valid JSON' });
    expect((await agent.get('/api/children')).body).toEqual([]);
  });

  it('answers an oversized body with 413', async () => {
    const { agent } = await t.signUp();
    const res = await agent.post('/api/children').send({ firstName: 'M', lastName: 'L', notes: 'x'.repeat(200_000) });
    expect(res.status).toBe(413);
    expect((await agent.get('/api/children')).body).toEqual([]);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const { agent } = await t.signUp();
    const res = await agent.post('/api/children').set('Content-Type', 'application/x-www-form-urlencoded').send('firstName=M&lastName=L');
    expect(res.status).toBe(415);
    expect((await agent.get('/api/children')).body).toEqual([]);
  });

  it('refuses a state-changing request from another origin with 403, and allows its own origin', async () => {
    const { agent } = await t.signUp();
    const foreign = await agent.post('/api/children').set('Origin', 'https://evil.example').send({ firstName: 'M', lastName: 'L' });
    expect(foreign.status).toBe(403);
    const foreignReferer = await agent.post('/api/children').set('Referer', 'https://evil.example/page').send({ firstName: 'M', lastName: 'L' });
    expect(foreignReferer.status).toBe(403);
    expect((await agent.get('/api/children')).body).toEqual([]);
    // The Host header is what the Origin is compared with.
    const own = await agent.post('/api/children').set('Host', 'localhost:3000').set('Origin', 'http://localhost:3000').send({ firstName: 'M', lastName: 'L' });
    expect(own.status).toBe(201);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.agent().get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.statusCode).toBe(404);
  });

  it('reports health of database, event store and Redis', async () => {
    const res = await t.agent().get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up', eventStore: 'up', redis: 'up' });
  });

  it('serves the OpenAPI description', async () => {
    const res = await t.agent().get('/api/docs-json').expect(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/children', '/api/auth/register', '/api/health']));
  });
});
