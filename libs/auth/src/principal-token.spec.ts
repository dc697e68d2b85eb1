import { createHmac } from 'node:crypto';
import { Principal } from './principal';
import { signPrincipal, verifyPrincipal } from './principal-token';
import { adminRoles, ROLE_CATALOGUE } from './roles';

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
    const forged = Buffer.from(JSON.stringify({ t: 't1', u: 'alice', k: 'user', r: '', x: ['ROLE_ALL'], e: Date.now() + 1e6 })).toString('base64url');
    expect(verifyPrincipal(`${v}.${forged}.${sig}`, KEY)).toBeUndefined();
    expect(verifyPrincipal(`${v}.${payload}.${sig}x`, KEY)).toBeUndefined();
    expect(verifyPrincipal(token, KEY, 1_001)).toBeUndefined();
    expect(verifyPrincipal(token, KEY, 999)).toEqual(alice);
    for (const bad of [undefined, '', 'v1', 'v2.a.b', ['a', 'b'], 'v2..', 'v1.a.b']) expect(verifyPrincipal(bad as any, KEY)).toBeUndefined();
  });

  it('refuse an unknown kind even when correctly signed', () => {
    expect(verifyPrincipal(signPrincipal({ ...alice, kind: 'root' as any }, KEY), KEY)).toBeUndefined();
  });

  it('carry an admin\'s catalogue roles as a bit set, in about 200 bytes, and other roles by name', () => {
    const admin: Principal = { tenant: 'management', user: 'admin', roles: [...adminRoles(true), 'ROLE_HELLO_READ'], kind: 'user' };
    const token = signPrincipal(admin, KEY);
    expect(token.length).toBeLessThan(300);
    expect(verifyPrincipal(token, KEY)).toEqual(admin);
    expect(verifyPrincipal(signPrincipal({ ...alice, roles: [] }, KEY), KEY)).toEqual({ ...alice, roles: [] });
  });

  it('refuse a correctly signed bit set naming a place past the catalogue', () => {
    const bits = Buffer.alloc(Math.ceil(ROLE_CATALOGUE.length / 8) + 1);
    bits[bits.length - 1] = 0x80;
    const payload = Buffer.from(JSON.stringify({ t: 't1', u: 'alice', k: 'user', r: bits.toString('base64url'), e: Date.now() + 1e6 })).toString('base64url');
    const signature = createHmac('sha256', KEY).update(payload).digest('base64url');
    expect(verifyPrincipal(`v2.${payload}.${signature}`, KEY)).toBeUndefined();
  });
});
