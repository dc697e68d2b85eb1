import { decodePositions, encodePositions, mergePositions, positionKey } from './positions';

describe('positions', () => {
  it('travel as text and back', () => {
    const positions = new Map([[positionKey('registry.application.v1', 0), 12], [positionKey('tenant.user.v1', 2), 0]]);
    expect(encodePositions(positions)).toBe('registry.application.v1/0=12,tenant.user.v1/2=0');
    expect(decodePositions(encodePositions(positions))).toEqual(positions);
  });

  it('skips entries that are not of the form, and keeps the highest offset of a partition named twice', () => {
    expect(decodePositions('a.b/1=5,junk,a.b/1=3,c/x=1,d/0=-1, e/0=7 ')).toEqual(new Map([['a.b/1', 5], ['e/0', 7]]));
    expect(decodePositions(undefined)).toEqual(new Map());
  });

  it('merge raises offsets only, and says whether anything rose', () => {
    const into = new Map([['a/0', 5], ['a/1', 9]]);
    expect(mergePositions(into, new Map([['a/0', 4], ['a/1', 9]]))).toBe(false);
    expect(mergePositions(into, new Map([['a/0', 6], ['b/0', 0]]))).toBe(true);
    expect(into).toEqual(new Map([['a/0', 6], ['a/1', 9], ['b/0', 0]]));
  });
});
