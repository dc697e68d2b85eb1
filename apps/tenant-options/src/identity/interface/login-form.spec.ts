import { DomainError } from '@berth/http';
import { loginFormFrom } from './login-form';

const refusal = (source: unknown) => {
  try {
    loginFormFrom(source);
  } catch (err) {
    return err instanceof DomainError ? { status: err.status, code: err.code, message: err.message } : err;
  }
  return undefined;
};

describe('loginFormFrom', () => {
  it('keeps the text fields of a login form and drops the others', () => {
    expect(loginFormFrom({ grant_type: 'PASSWORD', username: 'u', password: 'p', tfa_code: '012345', other: { x: 1 } }))
      .toEqual({ grant_type: 'PASSWORD', username: 'u', password: 'p', tfa_code: '012345' });
    expect(loginFormFrom(undefined)).toEqual({});
    expect(loginFormFrom('')).toEqual({});
  });

  it('refuses a field that is not text, and a body that is not an object, with 422', () => {
    for (const source of [{ username: { $ne: 'x' } }, { password: ['a', 'b'] }, { tfa_code: 123456 }, { tenant_id: ['a', 'b'] }, [1], 'text', 7]) {
      expect(refusal(source)).toMatchObject({ status: 422, code: 'security/Unprocessable Entity' });
    }
    expect(refusal({ tfa_code: 123456 })).toMatchObject({ message: 'tfa_code must be a string' });
  });
});
