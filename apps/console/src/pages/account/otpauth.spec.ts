import { cleanCode, groupSecret, parseOtpauth } from './otpauth';

describe('otpauth URIs', () => {
  it('reads the platform\'s URI: issuer, account, secret and the code\'s shape', () => {
    const uri = 'otpauth://totp/Cumulocity:t123%2Fjane?secret=JBSWY3DPEHPK3PXP&issuer=Cumulocity&algorithm=SHA1&digits=6&period=30';
    expect(parseOtpauth(uri)).toEqual({ issuer: 'Cumulocity', account: 't123/jane', secret: 'JBSWY3DPEHPK3PXP', algorithm: 'SHA1', digits: 6, period: 30 });
  });

  it('takes the issuer from the label and the apps\' defaults when the query names none', () => {
    expect(parseOtpauth('otpauth://totp/Acme%3A%20bob?secret=abcd%3D%3D')).toEqual({ issuer: 'Acme', account: 'bob', secret: 'ABCD', algorithm: 'SHA1', digits: 6, period: 30 });
    expect(parseOtpauth('otpauth://totp/bob?secret=ABCD&digits=x')).toMatchObject({ issuer: undefined, account: 'bob', digits: 6 });
  });

  it('refuses what is not a TOTP URI with a secret', () => {
    expect(parseOtpauth('otpauth://hotp/bob?secret=ABCD')).toBeUndefined();
    expect(parseOtpauth('otpauth://totp/bob')).toBeUndefined();
    expect(parseOtpauth('https://example.com')).toBeUndefined();
  });

  it('groups a secret by four for typing', () => {
    expect(groupSecret('jbswy3dpehpk3pxp')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
  });

  it('accepts a code of six digits, spaces ignored', () => {
    expect(cleanCode('123 456')).toBe('123456');
    expect(cleanCode('12345')).toBeUndefined();
    expect(cleanCode('12345a')).toBeUndefined();
  });
});
