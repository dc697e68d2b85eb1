import { settingsReader, type Principal } from '@berth/auth';
import { canReadSecret, isSecretKey } from './secret-readers';

const p = (tenant: string, user: string, kind: Principal['kind'], roles: string[] = []): Principal => ({ tenant, user, kind, roles });

describe('secret readers', () => {
  it('treats keys starting with credentials. as secrets', () => {
    expect(isSecretKey('credentials.http-a.password')).toBe(true);
    expect(isSecretKey('http-a.password')).toBe(false);
    expect(isSecretKey('xcredentials.a')).toBe(false);
  });

  it('lets system users and the microservice of the category read, nobody else', () => {
    expect(canReadSecret(p('management', 'admin', 'user', ['ROLE_OPTION_MANAGEMENT_ADMIN']), 'sms', 'management')).toBe(true);
    expect(canReadSecret(p('management', 'reader', 'user', ['ROLE_OPTION_MANAGEMENT_READ']), 'sms', 'management')).toBe(false);
    expect(canReadSecret(p('t1', 'admin', 'user', ['ROLE_OPTION_MANAGEMENT_ADMIN']), 'sms', 'management')).toBe(false);
    expect(canReadSecret(p('t1', 'service_acme', 'service'), 'acme', 'management')).toBe(true);
    expect(canReadSecret(p('t1', 'servicebootstrap_acme', 'bootstrap'), 'acme', 'management')).toBe(true);
    expect(canReadSecret(p('t1', 'service_other', 'service'), 'acme', 'management')).toBe(false);
    expect(canReadSecret(p('t1', 'service_acme', 'user'), 'acme', 'management')).toBe(false);
    expect(canReadSecret(p('t1', 'service_acme', 'bootstrap'), 'acme', 'management')).toBe(false);
    expect(canReadSecret(p('management', 'gateway', 'internal', ['ROLE_OPTION_MANAGEMENT_ADMIN']), 'sms', 'management')).toBe(false);
    expect(canReadSecret(settingsReader('t1', 'sms'), 'sms', 'management')).toBe(true);
    expect(canReadSecret(settingsReader('t1', 'sms'), 'other', 'management')).toBe(false);
    expect(canReadSecret(p('t1', 'settings/sms', 'user', ['ROLE_OPTION_MANAGEMENT_ADMIN']), 'sms', 'management')).toBe(false);
  });

  it('lets no microservice read the secrets of a category the platform reserves, even one named after it', () => {
    for (const category of ['messaging', 'sms', 'access.control', 'token.publicKey', 'rate.limit', 'Messaging']) {
      expect(canReadSecret(p('t1', `service_${category}`, 'service'), category, 'management')).toBe(false);
      expect(canReadSecret(p('t1', `servicebootstrap_${category}`, 'bootstrap'), category, 'management')).toBe(false);
    }
    expect(canReadSecret(settingsReader('t1', 'messaging'), 'messaging', 'management')).toBe(true);
    expect(canReadSecret(p('management', 'admin', 'user', ['ROLE_OPTION_MANAGEMENT_ADMIN']), 'messaging', 'management')).toBe(true);
  });
});
