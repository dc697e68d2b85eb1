import { Principal } from './principal';
import { signPrincipal, verifyPrincipal } from './principal-token';

const KEY = 'k'.repeat(43);
const alice: Principal = { tenant: 't1', user: 'alice', roles: ['ROLE_A'], kind: 'user' };

describe('principal tokens', () => {
  it('carry the principal signed with the internal key', () => {
    expect(verifyPrincipal(signPrincipal(alice, KEY), KEY)).toEqual(alice);
  });

  it('are refused when signed with another key, tampered with, expired or malformed', () => {
    const token = signPrincipal(alice, KEY, 1_000);
    expect(verifyPrincipal(signPrincipal(alice, 'other-key'), KEY)).toBeUndefined();
    const [v, payload, sig] = signPrincipal(alice, KEY).split('.');
    const forged = Buffer.from(JSON.stringify({ ...alice, roles: ['ROLE_ALL'], exp: Date.now() + 1e6 })).toString('base64url');
    expect(verifyPrincipal(`${v}.${forged}.${sig}`, KEY)).toBeUndefined();
    expect(verifyPrincipal(`${v}.${payload}.${sig}x`, KEY)).toBeUndefined();
    expect(verifyPrincipal(token, KEY, 1_001)).toBeUndefined();
    expect(verifyPrincipal(token, KEY, 999)).toEqual(alice);
    for (const bad of [undefined, '', 'v1', 'v2.a.b', ['a', 'b'], 'v1..']) expect(verifyPrincipal(bad as any, KEY)).toBeUndefined();
  });

  it('refuse an unknown kind even when correctly signed', () => {
    expect(verifyPrincipal(signPrincipal({ ...alice, kind: 'root' as any }, KEY), KEY)).toBeUndefined();
  });
});
