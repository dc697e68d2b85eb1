import { secondFactorOf } from './session';

describe('secondFactorOf', () => {
  it('reads which second factor a refused login asks for', () => {
    expect(secondFactorOf('TFA TOTP code required')).toBe('totp');
    expect(secondFactorOf('TFA SMS pin required')).toBe('sms');
    expect(secondFactorOf('TFA TOTP setup required')).toBe('setup');
    expect(secondFactorOf('Invalid credentials! : Bad credentials')).toBeUndefined();
  });
});
