import { anyCase, decodedSegment, NOT_BLANK, textLength, WHITESPACE } from './text-rules';

describe('text rules shared by validators and schemas', () => {
  it('WHITESPACE is exactly what JavaScript\'s \\s and trim() take', () => {
    const whitespace = new RegExp(`^[${WHITESPACE}]$`);
    const notBlank = new RegExp(NOT_BLANK);
    const differing = [];
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      if (whitespace.test(c) !== /^\s$/.test(c) || notBlank.test(c) !== (c.trim() !== '')) differing.push(code);
    }
    expect(differing).toEqual([]);
  });

  it('counts characters as JSON Schema does, and matches words in any ASCII case only', () => {
    expect(textLength('a\u{1F600}')).toBe(2);
    const grant = new RegExp(anyCase('PASSWORD', 'oauth-internal'));
    expect(['password', 'PassWord', 'OAUTH-Internal'].every((w) => grant.test(w))).toBe(true);
    expect(['passwords', 'pa\u017fsword', 'oauth_internal', ''].some((w) => grant.test(w))).toBe(false);
  });

  it('decodes a path segment where it decodes, and keeps it as it is where it does not', () => {
    expect(decodedSegment('a%2Fb%20c')).toBe('a/b c');
    expect(decodedSegment('%E0%A4%A')).toBe('%E0%A4%A');
  });
});
