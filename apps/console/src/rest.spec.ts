import { parseBody } from './rest';

describe('parseBody', () => {
  it('reads JSON, keeps other text and answers nothing for an empty body', () => {
    expect(parseBody('{"message":"taken"}')).toEqual({ message: 'taken' });
    expect(parseBody('bad gateway')).toBe('bad gateway');
    expect(parseBody('')).toBeUndefined();
  });
});
