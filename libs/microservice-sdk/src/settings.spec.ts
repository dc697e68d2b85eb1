import { basic, platformDouble, type PlatformDouble } from '../test/platform-double';
import { PlatformClient } from './platform-client';
import { PlatformAnswerError, readSettings, readTenantOption } from './settings';

let platform: PlatformDouble;
const BOOT = basic('t1/servicebootstrap_hello', 'boot');
const SERVICE = basic('t2/service_hello', 'svc');

beforeEach(async () => {
  platform = await platformDouble((req) => {
    if (req.url === '/application/currentApplication/settings') return req.headers.authorization === BOOT ? { status: 200, body: { greeting: 'hi', 'credentials.token': 't' } } : { status: 403, body: { error: 'security/Forbidden', message: 'not a bootstrap user' } };
    if (req.headers.authorization !== SERVICE) return { status: 401, body: { error: 'security/Unauthorized' } };
    if (req.url === '/tenant/options/my-service/greeting') return { status: 200, body: { category: 'my-service', key: 'greeting', value: 'hello' } };
    if (req.url === '/tenant/options/my-service/color?evaluate=inherited') return { status: 200, body: { category: 'my-service', key: 'color', value: 'blue' } };
    if (req.url === '/tenant/options/my%20service/x') return { status: 422, body: { error: 'options/Invalid Data', message: 'category: invalid' } };
    return { status: 404, body: { error: 'options/Not Found' } };
  });
});
afterEach(() => platform.close());

describe('readSettings', () => {
  it('answers the settings map read as the bootstrap user', async () => {
    expect(await readSettings(new PlatformClient(platform.url, BOOT))).toEqual({ greeting: 'hi', 'credentials.token': 't' });
    expect(platform.requests).toEqual([{ method: 'GET', path: '/application/currentApplication/settings', authorization: BOOT }]);
  });

  it('throws the status and the platform\'s message when refused', async () => {
    const failed = await readSettings(new PlatformClient(platform.url, SERVICE)).catch((e) => e);
    expect(failed).toBeInstanceOf(PlatformAnswerError);
    expect({ status: failed.status, message: failed.message }).toEqual({ status: 403, message: 'reading the settings answered 403 not a bootstrap user' });
  });
});

describe('readTenantOption', () => {
  const client = () => new PlatformClient(platform.url, SERVICE);

  it('answers the value, undefined for a missing option, and asks for the inherited one when told', async () => {
    expect(await readTenantOption(client(), 'my-service', 'greeting')).toBe('hello');
    expect(await readTenantOption(client(), 'my-service', 'missing')).toBeUndefined();
    expect(await readTenantOption(client(), 'my-service', 'color', { inherited: true })).toBe('blue');
  });

  it('escapes the path and throws on any other status', async () => {
    const failed = await readTenantOption(client(), 'my service', 'x').catch((e) => e);
    expect({ status: failed.status, message: failed.message }).toEqual({ status: 422, message: 'reading the option my service/x answered 422 category: invalid' });
  });
});
