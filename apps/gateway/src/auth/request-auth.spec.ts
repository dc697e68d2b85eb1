import { PRINCIPAL_HEADER } from '@berth/auth';
import { DomainError, serviceUnavailable } from '@berth/http';
import type { Authenticator } from './authenticator';
import type { CachedPrincipal } from './credential-cache';
import { authenticateRequest } from './request-auth';

const alice = { principal: { tenant: 't1', user: 'alice', roles: [], kind: 'user' } } as unknown as CachedPrincipal;
const refused = new DomainError('security', 'Unauthorized', 'Invalid credentials! : Bad credentials');

/** An authenticator that answers `outcome` and counts its calls. */
function authenticator(outcome: CachedPrincipal | Error) {
  const calls: string[] = [];
  const auth = { authenticate: async (method: string) => { calls.push(method); if (outcome instanceof Error) throw outcome; return outcome; } } as unknown as Authenticator;
  return { auth, calls };
}

describe('authenticateRequest', () => {
  it('acts for the principal of valid credentials on /apps/… and drops a client\'s principal header', async () => {
    const { auth } = authenticator(alice);
    const headers = { authorization: 'Basic x', [PRINCIPAL_HEADER]: 'forged' };
    await expect(authenticateRequest(auth, 'GET', '/apps/cockpit/index.html', headers)).resolves.toBe(alice);
    expect(headers[PRINCIPAL_HEADER]).toBeUndefined();
  });

  it.each(['/apps/cockpit/', '/apps/cockpit', '/apps'])('serves %s anonymously when the credentials fail or are missing', async (path) => {
    await expect(authenticateRequest(authenticator(refused).auth, 'GET', path, { authorization: 'Basic stale' })).resolves.toBeUndefined();
    await expect(authenticateRequest(authenticator(refused).auth, 'GET', path, {})).resolves.toBeUndefined();
  });

  it('passes on a failure other than the credentials\' on /apps/…', async () => {
    await expect(authenticateRequest(authenticator(serviceUnavailable('down')).auth, 'GET', '/apps/cockpit/', { authorization: 'Basic x' })).rejects.toMatchObject({ status: 503 });
  });

  it('refuses failing credentials elsewhere, and never authenticates on a public path', async () => {
    await expect(authenticateRequest(authenticator(refused).auth, 'GET', '/application/applications', {})).rejects.toBe(refused);
    await expect(authenticateRequest(authenticator(refused).auth, 'GET', '/appsx/cockpit', {})).rejects.toBe(refused);
    const { auth, calls } = authenticator(refused);
    expect(authenticateRequest(auth, 'GET', '/health', { authorization: 'Basic x' })).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('authenticates an upgrade on every path, public ones included', async () => {
    const { auth, calls } = authenticator(refused);
    await expect(authenticateRequest(auth, 'GET', '/service/greeter/health', {}, true)).rejects.toBe(refused);
    await expect(authenticateRequest(auth, 'GET', '/apps/cockpit/', {}, true)).rejects.toBe(refused);
    expect(calls).toEqual(['GET', 'GET']);
  });
});
