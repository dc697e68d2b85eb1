import { DomainError } from '@berth/http';
import { exchangeFor } from '../../test/exchange';
import { authenticate } from './authenticate.step';
import type { Authenticator } from './authenticator';
import type { CachedPrincipal } from './credential-cache';

const alice = { principal: { tenant: 't1', user: 'alice', roles: [], kind: 'user' } } as unknown as CachedPrincipal;
const authenticator = { authenticate: async (_m: string, headers: Record<string, unknown>) => {
  if (headers.authorization === 'Basic good') return alice;
  throw new DomainError('security', 'Unauthorized', 'Bad credentials');
} } as unknown as Authenticator;
const step = authenticate(authenticator);

describe('authenticate step', () => {
  it('keeps the principal of valid credentials on the exchange', async () => {
    const ex = exchangeFor('GET', '/user/currentUser', { authorization: 'Basic good' });
    await step(ex);
    expect(ex.auth).toBe(alice);
  });

  it('goes on at once, without a promise, when the authenticator answers from its cache', () => {
    const cached = { authenticate: () => alice } as unknown as Authenticator;
    const ex = exchangeFor('GET', '/user/currentUser', { authorization: 'Basic good' });
    expect(authenticate(cached)(ex)).toBeUndefined();
    expect(ex.auth).toBe(alice);
  });

  it('refuses failing credentials with 401', async () => {
    await expect(step(exchangeFor('GET', '/user/currentUser', { authorization: 'Basic bad' }))).rejects.toMatchObject({ status: 401 });
  });

  it('costs nothing on a public path, and authenticates an upgrade even there', async () => {
    expect(step(exchangeFor('GET', '/health'))).toBeUndefined();
    const upgrade = exchangeFor('GET', '/service/greeter/health', { authorization: 'Basic good' }, { upgrade: { socket: undefined as never, head: Buffer.alloc(0) } });
    await step(upgrade);
    expect(upgrade.auth).toBe(alice);
  });
});
