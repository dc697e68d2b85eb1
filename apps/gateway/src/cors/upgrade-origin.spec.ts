import type { IncomingHttpHeaders } from 'node:http';
import type { CachedPrincipal } from '../auth/credential-cache';
import type { GatewayCors } from './gateway-cors';
import { checkUpgradeOrigin } from './upgrade-origin';

const APP = 'https://app.example.com';
/** The tenant lists APP with credentials; everything else (as with `*`) is not allowed to send them. */
const cors = { allowsCredentials: async (origin: string, tenant: string) => tenant === 't1' && origin === APP } as unknown as GatewayCors;
const auth = { principal: { tenant: 't1' }, xsrfToken: 'x1' } as unknown as CachedPrincipal;
const outcome = (headers: IncomingHttpHeaders) => checkUpgradeOrigin({ host: 'berth.example.com', ...headers }, auth, cors).then(() => 'upgraded', (err) => `${err.status} ${err.code}`);

describe('checkUpgradeOrigin', () => {
  it('refuses a cookie-authenticated upgrade from a foreign origin, or none, without the XSRF token', async () => {
    for (const headers of [{ cookie: 'authorization=tok', origin: 'https://evil.example.com' }, { cookie: 'authorization=tok' }, { cookie: 'a=b; authorization=tok', origin: 'null' },
      { cookie: 'authorization=tok', origin: 'https://evil.example.com', 'x-xsrf-token': 'wrong' }, { cookie: 'authorization=tok', origin: 'http://berth.example.com.evil.com' }]) {
      expect([headers, await outcome(headers)]).toEqual([headers, '403 security/Forbidden']);
    }
  });

  it('lets a cookie-authenticated upgrade through from the platform\'s own origin, a listed origin, or with the XSRF token', async () => {
    for (const headers of [{ cookie: 'authorization=tok', origin: 'https://berth.example.com' }, { cookie: 'authorization=tok', origin: 'https://APP.example.com:443' },
      { cookie: 'authorization=tok', origin: 'https://evil.example.com', 'x-xsrf-token': 'x1' }]) {
      expect([headers, await outcome(headers)]).toEqual([headers, 'upgraded']);
    }
  });

  it('leaves Basic and Bearer upgrades alone, cookie or not, from any origin', async () => {
    for (const authorization of ['Basic dDEvYTpi', 'Bearer tok']) {
      expect(await outcome({ authorization, cookie: 'authorization=tok', origin: 'https://evil.example.com' })).toBe('upgraded');
    }
  });
});
