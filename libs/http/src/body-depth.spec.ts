import { nestsDeeperThan } from './body-depth';

const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('nestsDeeperThan', () => {
  it('counts objects and arrays as levels, scalars as none', () => {
    expect(nestsDeeperThan(1, 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan(nested(64), 64)).toBe(false);
    expect(nestsDeeperThan(nested(65), 64)).toBe(true);
  });

  it('finds the deep branch among shallow ones, and walks 100,000 levels without a stack overflow', () => {
    expect(nestsDeeperThan({ a: 1, b: [1, 2, { c: 'x' }], d: nested(70) }, 64)).toBe(true);
    expect(nestsDeeperThan({ a: 1, b: [1, 2, { c: 'x' }] }, 64)).toBe(false);
    expect(nestsDeeperThan(nested(100_000), 64)).toBe(true);
  });

  it('does not walk into a Buffer', () => {
    expect(nestsDeeperThan({ data: Buffer.alloc(1_000_000) }, 1)).toBe(false);
  });
});
