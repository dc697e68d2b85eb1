import { baseRules, decidePublicBase, linkHost, RequestAddress } from './request-base';

const PROXY = '10.1.2.3';
const CLIENT = '203.0.113.7';

function request(headers: RequestAddress['headers'], remoteAddress = CLIENT, encrypted = false): RequestAddress {
  return { headers, socket: { remoteAddress, encrypted } };
}

describe('decidePublicBase', () => {
  const rules = baseRules('https://berth.example.com/', false, [PROXY, '192.168.0.0/16']);

  it('takes the host of the Host header and the scheme of the connection', () => {
    expect(decidePublicBase(request({ host: 'berth.example.test:9999' }), rules)).toBe('http://berth.example.test:9999');
    expect(decidePublicBase(request({ host: 'Berth.Example.TEST:9999' }, CLIENT, true), rules)).toBe('https://berth.example.test:9999');
    expect(decidePublicBase(request({ host: '127.0.0.1:8080' }), rules)).toBe('http://127.0.0.1:8080');
    expect(decidePublicBase(request({ host: '[::1]:8080' }), rules)).toBe('http://[::1]:8080');
  });

  it('gives a request for the configured host the configured URL, scheme and path included, unless a trusted proxy names another scheme', () => {
    const prefixed = baseRules('https://berth.example.com/berth/', false, [PROXY]);
    expect(decidePublicBase(request({ host: 'berth.example.com' }), prefixed)).toBe('https://berth.example.com/berth');
    expect(decidePublicBase(request({ host: 'berth.example.com', 'x-forwarded-proto': 'https' }, PROXY), prefixed)).toBe('https://berth.example.com/berth');
    expect(decidePublicBase(request({ host: 'berth.example.com', 'x-forwarded-proto': 'http' }, PROXY), prefixed)).toBe('http://berth.example.com');
    const local = baseRules('http://localhost:8080', false, []);
    expect(decidePublicBase(request({ host: 'localhost:8080' }), local)).toBe('http://localhost:8080');
  });

  it('believes X-Forwarded-Host / X-Forwarded-Proto from a trusted proxy only, taking the value the proxy added last', () => {
    const headers = { host: 'gateway.internal:8080', 'x-forwarded-host': 'spoofed.example, public.example.org', 'x-forwarded-proto': 'http, https' };
    expect(decidePublicBase(request(headers, PROXY), rules)).toBe('https://public.example.org');
    expect(decidePublicBase(request(headers, '192.168.7.9'), rules)).toBe('https://public.example.org');
    expect(decidePublicBase(request(headers, `::ffff:${PROXY}`), rules)).toBe('https://public.example.org');
    expect(decidePublicBase(request(headers, CLIENT), rules)).toBe('http://gateway.internal:8080');
    expect(decidePublicBase(request({ host: 'gateway.internal:8080', 'x-forwarded-proto': 'https' }, PROXY), rules)).toBe('https://gateway.internal:8080');
  });

  it('believes the Forwarded header from a trusted proxy, over X-Forwarded-*', () => {
    const headers = {
      host: 'gateway.internal', forwarded: 'for=1.2.3.4;host=evil.example, for=5.6.7.8;proto=https;host="berth.example.test:9443"', 'x-forwarded-host': 'other.example',
    };
    expect(decidePublicBase(request(headers, PROXY), rules)).toBe('https://berth.example.test:9443');
    expect(decidePublicBase(request(headers, CLIENT), rules)).toBe('http://gateway.internal');
  });

  it('trusts nobody by default', () => {
    const none = baseRules('http://localhost:8080', false, []);
    expect(decidePublicBase(request({ host: 'a.example', 'x-forwarded-host': 'b.example', forwarded: 'host=c.example' }, '127.0.0.1'), none)).toBe('http://a.example');
  });

  it('uses the configured URL when pinned, whatever the request says', () => {
    const pinned = baseRules('https://berth.example.com/', true, [PROXY]);
    expect(decidePublicBase(request({ host: 'berth.example.test:9999' }), pinned)).toBe('https://berth.example.com');
    expect(decidePublicBase(request({ host: 'x.example', 'x-forwarded-host': 'y.example' }, PROXY), pinned)).toBe('https://berth.example.com');
  });

  it('falls back to the configured URL for a missing or invalid host, and ignores an unknown forwarded scheme', () => {
    for (const host of [undefined, '', 'evil.example/path', 'user@evil.example', 'a b', 'evil.example:99999', 'evil.example:0', 'bücher.example', '[zz::1]', 'a..b', '<script>', 'evil.example, other.example']) {
      expect(decidePublicBase(request({ host }), rules)).toBe('https://berth.example.com');
    }
    expect(decidePublicBase(request({ host: 'ok.example', 'x-forwarded-host': 'bad/host' }, PROXY), rules)).toBe('https://berth.example.com');
    expect(decidePublicBase(request({ host: 'ok.example', 'x-forwarded-proto': 'javascript' }, PROXY), rules)).toBe('http://ok.example');
  });
});

describe('linkHost', () => {
  it('accepts names, IPv4 and bracketed IPv6 with an optional port, lower-cased', () => {
    expect(linkHost('LOCALHOST')).toBe('localhost');
    expect(linkHost('berth-1.example.com:08080')).toBe('berth-1.example.com:8080');
    expect(linkHost('[2001:DB8::1]')).toBe('[2001:db8::1]');
    expect(linkHost('10.0.0.1:65535')).toBe('10.0.0.1:65535');
  });

  it('refuses the rest', () => {
    for (const bad of ['-x.example', 'x-.example', 'x.example.', ':8080', 'x:', 'x:80:80', '[::1', '::1', 'x_y.example', `${'a'.repeat(64)}.example`]) {
      expect(linkHost(bad)).toBeUndefined();
    }
  });
});
