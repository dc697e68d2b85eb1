import { declaredBodyTooLarge } from './body-limit';
import { API_CSP, securityHeaders } from './security-headers';

describe('securityHeaders', () => {
  it('forbids sniffing, framing and referrers; HSTS only behind an https public URL', () => {
    const plain = securityHeaders('http://localhost:8080');
    expect(plain).toEqual({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'content-security-policy': API_CSP, 'referrer-policy': 'no-referrer' });
    expect(Object.isFrozen(plain)).toBe(true);
    expect(securityHeaders('https://berth.example.com/')['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
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
