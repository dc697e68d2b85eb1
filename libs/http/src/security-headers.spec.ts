import { declaredBodyTooLarge, limitedBody } from './body-limit';
import { API_CSP, PAGE_CSP, SERVICE_CSP, securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  it('forbids sniffing, framing and referrers; HSTS only behind an https public URL', () => {
    const plain = securityHeaders('http://localhost:8080');
    expect(plain).toEqual({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'content-security-policy': API_CSP, 'referrer-policy': 'no-referrer' });
    expect(Object.isFrozen(plain)).toBe(true);
    expect(securityHeaders('https://berth.example.com/')['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));

  it('gives API answers nothing to load and pages only their own origin, with no inline script; nothing may frame either', () => {
    expect(directives(API_CSP)).toEqual({ 'default-src': "'none'", 'frame-ancestors': "'none'" });
    expect(directives(PAGE_CSP)).toEqual({
      'default-src': "'none'", 'script-src': "'self'", 'style-src': "'self'", 'img-src': "'self' data:", 'font-src': "'self' data:",
      'connect-src': "'self'", 'base-uri': "'none'", 'form-action': "'self'", 'object-src': "'none'", 'frame-ancestors': "'none'",
    });
    expect(PAGE_CSP).not.toMatch(/unsafe|https?:|\*/);
    expect(directives(SERVICE_CSP)).toEqual({ 'frame-ancestors': "'none'" });
  });
});

describe('declaredBodyTooLarge', () => {
  it('is a 413 that closes the connection for a declared length over the limit, except multipart uploads', () => {
    expect(declaredBodyTooLarge({ 'content-length': '1024' }, 1024)).toBeUndefined();
    expect(declaredBodyTooLarge({}, 1024)).toBeUndefined();
    expect(declaredBodyTooLarge({ 'content-length': '300000000', 'content-type': 'multipart/form-data; boundary=x' }, 1024)).toBeUndefined();
    const error = declaredBodyTooLarge({ 'content-length': '1025', 'content-type': 'application/json' }, 1024);
    expect([error?.status, error?.code, error?.headers]).toEqual([413, 'general/Payload Too Large', { connection: 'close' }]);
  });
});

describe('limitedBody', () => {
  const read = async (stream: NodeJS.ReadableStream) => { let n = 0; for await (const chunk of stream) n += (chunk as Buffer).length; return n; };

  it('passes a chunked body up to the limit and fails past it with the 413; declared lengths and multipart pass as they are', async () => {
    const { Readable } = await import('node:stream');
    const chunks = (n: number) => Readable.from(Array.from({ length: n }, () => Buffer.alloc(256)));
    expect(await read(limitedBody(chunks(4), {}, 1024))).toBe(1024);
    await expect(read(limitedBody(chunks(5), {}, 1024))).rejects.toMatchObject({ status: 413, code: 'general/Payload Too Large' });
    const declared = chunks(5);
    expect(limitedBody(declared, { 'content-length': '1280' }, 1024)).toBe(declared);
    const upload = chunks(5);
    expect(limitedBody(upload, { 'content-type': 'multipart/form-data; boundary=x' }, 1024)).toBe(upload);
  });
});
