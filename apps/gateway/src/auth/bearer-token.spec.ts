import { parseBearer } from './bearer-token';

describe('parseBearer', () => {
  const jwt = `eyJhbGciOiJSUzI1NiJ9.${'x'.repeat(600)}.${'s'.repeat(342)}`;

  it('reads the token of the usual form and of every form with blanks around it, the scheme in any case', () => {
    expect(parseBearer(`Bearer ${jwt}`)).toBe(jwt);
    expect(parseBearer(`bearer ${jwt}`)).toBe(jwt);
    expect(parseBearer(`BEARER abc`)).toBe('abc');
    expect(parseBearer('Bearer   abc')).toBe('abc');
    expect(parseBearer('Bearer\tabc')).toBe('abc');
    expect(parseBearer('Bearer abc  ')).toBe('abc');
    expect(parseBearer('Bearer \u00a0abc')).toBe('abc');
  });

  it('refuses other schemes, a bare scheme, and a token with a blank inside', () => {
    for (const header of [undefined, '', 'Bearer', 'Bearer ', 'Bearer  ', 'Basic YTpi', 'Bearerabc', 'Bearer a b', 'Bearer a\u00a0b', 'XBearer abc', ' Bearer abc']) {
      expect(parseBearer(header)).toBeUndefined();
    }
  });
});
