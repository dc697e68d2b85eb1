import { clientResponseHeaders } from './forward-headers';

describe('clientResponseHeaders', () => {
  it('drops hop-by-hop headers and X-Powered-By, keeps the rest, and rewrites a Location on the upstream', () => {
    const out = clientResponseHeaders({
      'x-powered-by': 'Express', connection: 'keep-alive', 'transfer-encoding': 'chunked', 'x-frame-options': 'SAMEORIGIN',
      location: 'http://10.0.0.5:8080/items/1', 'content-type': 'text/html', 'x-none': undefined,
    }, 'http://10.0.0.5:8080', 'https://berth.example.com/service/hello');
    expect(out).toEqual({ 'x-frame-options': 'SAMEORIGIN', location: 'https://berth.example.com/service/hello/items/1', 'content-type': 'text/html' });
  });
});
