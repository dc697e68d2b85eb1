import { clientResponseHeaders, forwardedAddressOf, upstreamRequestHeaders } from './forward-headers';

describe('clientResponseHeaders', () => {
  it('drops hop-by-hop headers and X-Powered-By, keeps the rest, and rewrites a Location on the upstream', () => {
    const out = clientResponseHeaders({
      'x-powered-by': 'Express', connection: 'keep-alive', 'transfer-encoding': 'chunked', 'x-frame-options': 'SAMEORIGIN',
      location: 'http://10.0.0.5:8080/items/1', 'content-type': 'text/html', 'x-none': undefined,
    }, 'http://10.0.0.5:8080', 'https://berth.example.com/service/hello');
    expect(out).toEqual({ 'x-frame-options': 'SAMEORIGIN', location: 'https://berth.example.com/service/hello/items/1', 'content-type': 'text/html' });
  });
});

describe('upstreamRequestHeaders', () => {
  it('drops hop-by-hop headers, Expect (the gateway answers 100 Continue itself) and a client\'s X-Berth-* headers, keeps the rest, and sets X-Forwarded-*', () => {
    const out = upstreamRequestHeaders({
      expect: '100-continue', connection: 'keep-alive', 'transfer-encoding': 'chunked', host: 'berth.example.com',
      'content-type': 'multipart/form-data; boundary=x', 'content-length': '5242880', authorization: 'Basic eA==',
      'x-berth-public-base': 'forged.https://evil.example', 'x-berth-after': 'forged',
    }, { host: 'berth.example.com', proto: 'https' }, '10.0.0.9', 'r1');
    expect(out).toEqual({
      'content-type': 'multipart/form-data; boundary=x', 'content-length': '5242880', authorization: 'Basic eA==',
      'x-forwarded-host': 'berth.example.com', 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.0.0.9', 'x-request-id': 'r1',
    });
  });

  it('leaves the client\'s Authorization behind for an upstream that gets the principal instead', () => {
    const out = upstreamRequestHeaders({ authorization: 'Basic eA==', accept: 'application/json', cookie: 'a=b' }, { host: 'h', proto: 'http' }, '10.0.0.9', 'r2', false);
    expect(out).toEqual({ accept: 'application/json', cookie: 'a=b', 'x-forwarded-host': 'h', 'x-forwarded-proto': 'http', 'x-forwarded-for': '10.0.0.9', 'x-request-id': 'r2' });
  });
});

describe('forwardedAddressOf', () => {
  it('names the host and scheme of the public base the gateway decided', () => {
    expect(forwardedAddressOf('https://berth.example.test:9999/service/hello')).toEqual({ host: 'berth.example.test:9999', proto: 'https' });
    expect(forwardedAddressOf('http://localhost:8080')).toEqual({ host: 'localhost:8080', proto: 'http' });
  });
});
