import { countSegments } from './segments';

describe('countSegments', () => {
  it('counts GSM-7 septets, extension characters twice, 160 in one segment and 153 per concatenated one', () => {
    expect(countSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(countSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(countSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(countSegments('a'.repeat(306)).segments).toBe(2);
    expect(countSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts UCS-2 code units for any other character, 70 in one segment and 67 per concatenated one', () => {
    expect(countSegments('ł'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(countSegments('ł'.repeat(71))).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(countSegments('😀'.repeat(35)).units).toBe(70);
    expect(countSegments('a'.repeat(134) + 'ł').segments).toBe(3);
  });
});
