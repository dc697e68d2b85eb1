import { ConfigError, configFromEnv } from './config';

describe('configFromEnv', () => {
  it('reads the hosting environment with its defaults', () => {
    const config = configFromEnv({
      C8Y_BASEURL: 'http://platform:8080/', C8Y_BOOTSTRAP_TENANT: 'management', C8Y_BOOTSTRAP_USER: 'servicebootstrap_x', C8Y_BOOTSTRAP_PASSWORD: 'pw',
      APPLICATION_NAME: 'hello', APPLICATION_KEY: 'hello-key', SERVER_PORT: '80',
    });
    expect(config).toEqual({
      baseUrl: 'http://platform:8080', bootstrap: { tenant: 'management', user: 'servicebootstrap_x', password: 'pw' }, isolation: 'MULTI_TENANT',
      register: true, applicationName: 'hello', applicationKey: 'hello-key', port: 80, initialDelayMs: 1000, delayMs: 10000,
    });
  });

  it('reads PER_TENANT credentials, register=false and the delays, under another prefix', () => {
    const config = configFromEnv({
      X_BASEURL: 'https://p', X_MICROSERVICE_ISOLATION: 'PER_TENANT', X_BOOTSTRAP_REGISTER: 'FALSE', X_BOOTSTRAP_INITIALDELAY: '0', X_BOOTSTRAP_DELAY: '500',
      X_TENANT: 't1', X_USER: 'service_hello', X_PASSWORD: 'secret',
    }, 'X');
    expect(config).toMatchObject({ isolation: 'PER_TENANT', register: false, initialDelayMs: 0, delayMs: 500, tenant: { tenant: 't1', user: 'service_hello', password: 'secret' } });
  });

  it('names every bad variable', () => {
    expect(() => configFromEnv({ C8Y_BASEURL: 'platform', C8Y_MICROSERVICE_ISOLATION: 'SHARED', C8Y_BOOTSTRAP_REGISTER: 'yes', C8Y_BOOTSTRAP_DELAY: '-1' }))
      .toThrow(new ConfigError('invalid environment: C8Y_BASEURL must be an http(s) URL, not "platform"; C8Y_MICROSERVICE_ISOLATION must be MULTI_TENANT or PER_TENANT, not "SHARED"; '
        + 'C8Y_BOOTSTRAP_REGISTER must be true or false, not "yes"; C8Y_BOOTSTRAP_DELAY must be a whole number ≥ 0, not "-1"'));
  });
});
