import Fastify from 'fastify';
import { registerVerbConventions } from './verb-conventions';

describe('registerVerbConventions', () => {
  const app = Fastify();
  registerVerbConventions(app);
  app.post('/things', (_req, reply) => reply.code(201).header('location', '/things/1').send({ id: '1' }));
  app.put('/things/1', (_req, reply) => reply.send({ id: '1', name: 'x' }));
  app.put('/bad', (_req, reply) => reply.code(422).send({ error: 'things/Unprocessable Entity' }));
  app.get('/things/1', (_req, reply) => reply.send({ id: '1' }));

  afterAll(() => app.close());

  it('answers a POST without Accept with an empty body, keeping status and Location', async () => {
    const res = await app.inject({ method: 'POST', url: '/things', payload: {} });
    expect(res.statusCode).toBe(201);
    expect(res.headers.location).toBe('/things/1');
    expect(res.body).toBe('');
    expect(res.headers['content-type']).toBeUndefined();
  });

  it('answers a PUT without Accept with an empty body', async () => {
    const res = await app.inject({ method: 'PUT', url: '/things/1', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('keeps the body when Accept is sent, on errors, and on GET', async () => {
    expect(JSON.parse((await app.inject({ method: 'POST', url: '/things', payload: {}, headers: { accept: '*/*' } })).body)).toEqual({ id: '1' });
    expect(JSON.parse((await app.inject({ method: 'PUT', url: '/bad', payload: {} })).body)).toEqual({ error: 'things/Unprocessable Entity' });
    expect(JSON.parse((await app.inject({ method: 'GET', url: '/things/1' })).body)).toEqual({ id: '1' });
  });
});
