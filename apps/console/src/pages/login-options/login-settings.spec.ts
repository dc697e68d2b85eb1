import { tfaOptions, tfaSettingsOf, tokenLifespan } from './login-settings';

describe('login settings', () => {
  it('reads two-factor options as the platform does', () => {
    expect(tfaSettingsOf(undefined)).toEqual({ enforced: false, strategy: 'TOTP' });
    expect(tfaSettingsOf({ enforced: 'TRUE', strategy: 'sms' })).toEqual({ enforced: true, strategy: 'SMS' });
    expect(tfaSettingsOf({ enforced: 'yes', strategy: 'EMAIL' })).toEqual({ enforced: false, strategy: 'TOTP' });
  });

  it('writes both two-factor options', () => {
    expect(tfaOptions({ enforced: true, strategy: 'TOTP' })).toEqual({ enforced: 'true', strategy: 'TOTP' });
  });

  it('takes a token lifetime of whole seconds from 60, or nothing for the default', () => {
    expect(tokenLifespan(' ')).toEqual({ ok: true });
    expect(tokenLifespan('3600')).toEqual({ ok: true, seconds: 3600 });
    for (const bad of ['59', '1.5', '-100', 'hour']) expect(tokenLifespan(bad)).toMatchObject({ ok: false });
  });
});
