import { corsShape, normalizeOrigin, parseAllowOrigin, preflightHeaders, responseCorsHeaders } from './cors-policy';

const ANY = parseAllowOrigin('*')!;
const LISTED = parseAllowOrigin('https://App.example.com:443, http://localhost:4200, not an origin')!;

describe('CORS policy', () => {
  it('reads * as any origin and a list as those origins, in the form browsers send them', () => {
    expect(ANY).toEqual({ any: true, origins: new Set() });
    expect(LISTED).toEqual({ any: false, origins: new Set(['https://app.example.com', 'http://localhost:4200']) });
    expect(parseAllowOrigin('')).toEqual({ any: false, origins: new Set() });
    expect(parseAllowOrigin(undefined)).toBeUndefined();
    expect(normalizeOrigin('https://a.example.com/path')).toBeUndefined();
    expect(normalizeOrigin('ftp://a.example.com')).toBeUndefined();
  });

  it('echoes a listed origin with credentials, answers * without them, and nothing for other origins', () => {
    expect(responseCorsHeaders(LISTED, 'https://app.example.com')).toEqual({
      'access-control-allow-origin': 'https://app.example.com', 'access-control-allow-credentials': 'true',
      'access-control-expose-headers': expect.stringContaining('Location'), vary: 'Origin',
    });
    expect(responseCorsHeaders(ANY, 'https://x.example.com')).toEqual({ 'access-control-allow-origin': '*', 'access-control-expose-headers': expect.any(String), vary: 'Origin' });
    expect(responseCorsHeaders(LISTED, 'https://evil.example.com')).toEqual({ vary: 'Origin' });
    expect(responseCorsHeaders(LISTED, 'null')).toEqual({ vary: 'Origin' });
  });

  it('answers a preflight from an allowed origin with methods, the requested headers and max age; none for others', () => {
    expect(preflightHeaders(LISTED, 'http://localhost:4200', { 'access-control-request-headers': 'Authorization, Content-Type' }, 600)).toEqual({
      'access-control-allow-origin': 'http://localhost:4200', 'access-control-allow-credentials': 'true', vary: 'Origin',
      'access-control-allow-methods': 'GET, HEAD, POST, PUT, DELETE, PATCH, OPTIONS',
      'access-control-allow-headers': 'Authorization, Content-Type', 'access-control-max-age': '600',
    });
    expect(preflightHeaders(ANY, 'https://x.example.com', { 'access-control-request-headers': 'bad header\r\n' }, 600)).not.toHaveProperty('access-control-allow-headers');
    expect(preflightHeaders(LISTED, 'https://evil.example.com', {}, 600)).toBeUndefined();
  });

  it('builds a tenant\'s view from its allow.origin option, else the fallback', () => {
    const shape = corsShape(ANY);
    expect(shape).toMatchObject({ category: 'access.control', keys: ['allow.origin'] });
    expect(shape.build({})).toBe(ANY);
    expect(shape.build({ 'allow.origin': 'http://localhost:4200' })).toEqual({ any: false, origins: new Set(['http://localhost:4200']) });
  });
});
