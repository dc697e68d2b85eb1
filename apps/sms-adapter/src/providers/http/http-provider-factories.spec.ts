import { outboundConfigSchema } from '@berth/runtime';
import { httpProvidersConfigSchema } from './http-provider-options';
import { httpBWebhookKey, httpProviderFactories } from './http-provider-factories';

describe('httpProviderFactories', () => {
  const internalKey = 'i'.repeat(40);

  it('reads the env with its defaults and makes both factories', () => {
    const env = httpProvidersConfigSchema.parse({});
    expect(env).toEqual({ BERTH_SMS_HTTP_TIMEOUT_MS: 10_000, BERTH_SMS_HTTP_POLL_INTERVAL_MS: 5_000 });
    expect(httpProviderFactories({ ...env, ...outboundConfigSchema.parse({}), BERTH_INTERNAL_KEY: internalKey }).map((f) => f.definition.id)).toEqual(['http-a', 'http-b']);
  });

  it('refuses a bad timeout or webhook URL', () => {
    expect(() => httpProvidersConfigSchema.parse({ BERTH_SMS_HTTP_TIMEOUT_MS: '0' })).toThrow();
    expect(() => httpProvidersConfigSchema.parse({ BERTH_SMS_WEBHOOK_URL: 'not a url' })).toThrow();
  });

  it('derives a webhook key of 43 characters that depends on the internal key', () => {
    expect(httpBWebhookKey(internalKey)).toHaveLength(43);
    expect(httpBWebhookKey(internalKey)).not.toBe(httpBWebhookKey('j'.repeat(40)));
  });
});
