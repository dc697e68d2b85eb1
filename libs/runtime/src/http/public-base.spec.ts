import type { IncomingMessage } from 'node:http';
import { PUBLIC_BASE_HEADER, signPublicBase } from '@berth/auth';
import type { BaseConfig } from '@berth/config';
import { workContext } from '@berth/messaging';
import { oncePerRequest, PublicBase, signedPublicBase } from './public-base';

const KEY = 'k'.repeat(32);
const config = { BERTH_PUBLIC_URL: 'https://berth.example.com/', BERTH_INTERNAL_KEY: KEY };
const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('signedPublicBase', () => {
  const of = signedPublicBase(config);

  it('takes the base the gateway signed, and the configured one for anything else', () => {
    expect(of(request({ [PUBLIC_BASE_HEADER]: signPublicBase('http://berth.example.test:9999', KEY) }))).toBe('http://berth.example.test:9999');
    expect(of(request({}))).toBe('https://berth.example.com');
    expect(of(request({ [PUBLIC_BASE_HEADER]: 'http://evil.example' }))).toBe('https://berth.example.com');
    expect(of(request({ [PUBLIC_BASE_HEADER]: signPublicBase('http://evil.example', 'x'.repeat(32)) }))).toBe('https://berth.example.com');
  });
});

describe('oncePerRequest', () => {
  it('decides once per request', () => {
    let calls = 0;
    const of = oncePerRequest(() => `http://h${++calls}`);
    const a = request({});
    expect([of(a), of(a), of(request({}))]).toEqual(['http://h1', 'http://h1', 'http://h2']);
  });
});

describe('PublicBase', () => {
  it('is the base of the request being served, and the configured one outside a request', async () => {
    const base = new PublicBase(config as unknown as BaseConfig);
    expect(base.url).toBe('https://berth.example.com');
    const seen = await workContext.run({ correlationId: 'c', processingMode: 'PERSISTENT', publicBase: 'http://a.example' }, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return base.url;
    });
    expect(seen).toBe('http://a.example');
    expect(base.url).toBe('https://berth.example.com');
  });
});
