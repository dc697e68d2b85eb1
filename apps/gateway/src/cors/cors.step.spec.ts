import { exchangeFor, written } from '../../test/exchange';
import type { CachedPrincipal } from '../auth/credential-cache';
import { ANSWERED } from '../pipeline/exchange';
import { answerPreflight, corsHeaders } from './cors.step';
import type { GatewayCors } from './gateway-cors';

const APP = 'https://app.example.com';
/** Tenant t1 allows APP with credentials; every other tenant allows nothing. */
const cors = {
  preflight: async (headers: Record<string, string>) => {
    if (headers.origin !== APP) throw Object.assign(new Error('not allowed'), { status: 403 });
    return { 'access-control-allow-origin': APP, 'access-control-allow-methods': 'GET' };
  },
  headers: (origin: string, _h: unknown, tenant: string | undefined) => (tenant === 't1' ? { 'access-control-allow-origin': origin, vary: 'Origin' } : { vary: 'Origin' }),
  allowsCredentials: async (origin: string, tenant: string) => tenant === 't1' && origin === APP,
} as unknown as GatewayCors;
const t1 = { auth: { principal: { tenant: 't1' } } as unknown as CachedPrincipal };
const preflight = { origin: APP, 'access-control-request-method': 'PUT' };

describe('CORS steps', () => {
  it('answers a preflight with 204 and the CORS headers before authentication', async () => {
    const ex = exchangeFor('OPTIONS', '/user/currentUser', preflight);
    expect(await answerPreflight(cors, { 'x-content-type-options': 'nosniff' })(ex)).toBe(ANSWERED);
    expect(written(ex)).toMatch(/^HTTP\/1\.1 204[\s\S]*x-content-type-options: nosniff[\s\S]*access-control-allow-origin: https:\/\/app\.example\.com/i);
  });

  it('leaves requests that are no preflight to the next step', () => {
    expect(answerPreflight(cors, {})(exchangeFor('OPTIONS', '/x', { origin: APP }))).toBeUndefined();
    expect(answerPreflight(cors, {})(exchangeFor('GET', '/x'))).toBeUndefined();
  });

  it('adds the CORS headers of the caller\'s tenant to the answer\'s once, appending to a Vary already there', () => {
    const ex = exchangeFor('GET', '/x', { origin: APP }, { ...t1, headers: { vary: 'Accept' } });
    expect(corsHeaders(cors)(ex)).toBeUndefined();
    expect(corsHeaders(cors)(ex)).toBeUndefined();
    expect(ex.headers['access-control-allow-origin']).toBe(APP);
    expect(ex.headers.vary).toBe('Accept, Origin');
    expect(ex.res.getHeaderNames()).toEqual([]);
  });

  it('costs nothing without Origin', () => {
    const ex = exchangeFor('GET', '/x', {}, t1);
    expect(corsHeaders(cors)(ex)).toBeUndefined();
    expect(ex.headers).toEqual({});
  });

  it('checks the origin of an upgrade authenticated by the session cookie instead of setting headers', async () => {
    const upgrade = { upgrade: { socket: undefined as never, head: Buffer.alloc(0) } };
    const session = { cookie: 'authorization=token', host: 'berth.example.com' };
    await expect(corsHeaders(cors)(exchangeFor('GET', '/service/s/ws', { ...session, origin: 'https://evil.example.com' }, { ...t1, ...upgrade }))).rejects.toMatchObject({ status: 403 });
    await expect(corsHeaders(cors)(exchangeFor('GET', '/service/s/ws', { ...session, origin: APP }, { ...t1, ...upgrade }))).resolves.toBeUndefined();
  });
});
