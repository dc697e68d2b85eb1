import type { IncomingMessage } from 'node:http';
import type { MicroserviceConfig } from './config';
import { basic, platformDouble, type PlatformDouble } from '../test/platform-double';
import { RegistrationError, resolveBootstrap } from './registration';

let platform: PlatformDouble;
let existing: Array<{ id: string; name: string }> = [];

function answer(req: IncomingMessage) {
  const asAdmin = req.headers.authorization === basic('management/admin', 'pw');
  if (req.url === '/application/currentApplication') return { status: req.headers.authorization === basic('management/servicebootstrap_hello', 'boot') ? 200 : 403, body: {} };
  if (!asAdmin) return { status: 401, body: { error: 'security/Unauthorized', message: 'Bad credentials' } };
  if (req.url === '/application/applicationsByName/hello') return { status: 200, body: { applications: existing } };
  if (req.url === '/application/applications' && req.method === 'POST') { existing.push({ id: '42', name: 'hello' }); return { status: 201, body: { id: '42' } }; }
  if (req.url === '/application/applications/42/bootstrapUser') return { status: 200, body: { tenant: 'management', name: 'servicebootstrap_hello', password: 'boot' } };
  return { status: 404 };
}

const config = (user: string, password: string, over: Partial<MicroserviceConfig> = {}): MicroserviceConfig => ({
  baseUrl: platform.url, bootstrap: { tenant: 'management', user, password }, isolation: 'MULTI_TENANT',
  register: true, applicationName: 'hello', port: 0, initialDelayMs: 0, delayMs: 1000, ...over,
});

beforeEach(async () => { existing = []; platform = await platformDouble(answer); });
afterEach(() => platform.close());

describe('resolveBootstrap', () => {
  it('keeps credentials that already are the bootstrap user', async () => {
    expect(await resolveBootstrap(config('servicebootstrap_hello', 'boot'))).toEqual({ tenant: 'management', user: 'servicebootstrap_hello', password: 'boot' });
    expect(platform.requests.map((r) => r.path)).toEqual(['/application/currentApplication']);
  });

  it('self-registers with a registering user: creates the application, then uses its bootstrap user', async () => {
    expect(await resolveBootstrap(config('admin', 'pw'))).toEqual({ tenant: 'management', user: 'servicebootstrap_hello', password: 'boot' });
    expect(platform.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /application/currentApplication', 'GET /application/applicationsByName/hello', 'POST /application/applications', 'GET /application/applications/42/bootstrapUser',
    ]);
    platform.requests.length = 0;
    await resolveBootstrap(config('admin', 'pw'));
    expect(platform.requests.map((r) => r.method)).not.toContain('POST');
  });

  it('uses the credentials unchecked with register=false, and says why registration failed', async () => {
    expect(await resolveBootstrap(config('someone', 'x', { register: false }))).toMatchObject({ user: 'someone' });
    expect(platform.requests).toEqual([]);
    await expect(resolveBootstrap(config('admin', 'bad'))).rejects.toThrow(new RegistrationError('finding application hello failed: 401 Bad credentials'));
  });
});
