import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, totpStep } from './totp';

// RFC 6238 appendix B, SHA-1 seed "12345678901234567890", 8 digits.
const SEED = Buffer.from('12345678901234567890');
const VECTORS: Array<[number, string]> = [[59, '94287082'], [1111111109, '07081804'], [1111111111, '14050471'], [1234567890, '89005924'], [2000000000, '69279037'], [20000000000, '65353130']];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %p s the code is %p', (seconds, code) => {
    expect(hotp(SEED, Math.floor(seconds / 30), 8)).toBe(code);
  });

  it('base32 round-trips and matches RFC 4648', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
  });

  it('accepts the current code and one step of drift, and nothing else', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    const code = (stepOffset: number) => hotp(base32Decode(secret), totpStep(now) + stepOffset);
    expect(matchTotp(secret, code(0), now)).toBe(totpStep(now));
    expect(matchTotp(secret, code(-1), now)).toBe(totpStep(now) - 1);
    expect(matchTotp(secret, code(2), now)).toBeUndefined();
    expect(matchTotp(secret, 'undefined', now)).toBeUndefined();
    expect(matchTotp(secret, `${code(0)}0`, now)).toBeUndefined();
  });

  it('builds the otpauth URI authenticator apps import', () => {
    expect(otpauthUri('Cumulocity', 't1/alice', 'ABC')).toBe('otpauth://totp/Cumulocity:t1%2Falice?secret=ABC&issuer=Cumulocity&algorithm=SHA1&digits=6&period=30');
  });
});
