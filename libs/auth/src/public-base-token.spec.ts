import { PUBLIC_BASE_HEADER, signPublicBase, verifyPublicBase } from './public-base-token';
import { signPrincipal } from './principal-token';

const KEY = 'k'.repeat(32);
const OTHER = 'o'.repeat(32);

describe('public base header', () => {
  it('carries the base the gateway signed', () => {
    expect(PUBLIC_BASE_HEADER).toBe('x-berth-public-base');
    const value = signPublicBase('https://berth.example.test:9999', KEY);
    expect(verifyPublicBase(value, KEY)).toBe('https://berth.example.test:9999');
    expect(verifyPublicBase(signPublicBase('http://localhost:8080', KEY), KEY)).toBe('http://localhost:8080');
  });

  it('refuses a value a client could make: unsigned, signed with another key, altered, or malformed', () => {
    const value = signPublicBase('https://berth.example.test', KEY);
    expect(verifyPublicBase('https://evil.example', KEY)).toBeUndefined();
    expect(verifyPublicBase(value, OTHER)).toBeUndefined();
    expect(verifyPublicBase(value.replace('berth.example.test', 'evil.example'), KEY)).toBeUndefined();
    expect(verifyPublicBase(`${value.slice(0, value.indexOf('.'))}.`, KEY)).toBeUndefined();
    for (const bad of [undefined, '', '.', 'x', [value, value]]) expect(verifyPublicBase(bad, KEY)).toBeUndefined();
  });

  it('is not a principal signature: the two never verify as each other', () => {
    const principal = signPrincipal({ tenant: 't1', user: 'u', roles: [], kind: 'user' }, KEY);
    const [, payload, signature] = principal.split('.');
    expect(verifyPublicBase(`${signature}.${payload}`, KEY)).toBeUndefined();
  });
});
