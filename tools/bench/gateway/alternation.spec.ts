type Slice = { kind: string; ns: number; cpuNs: number; counts: Record<string, number> };
type Compared = { cpu: Record<string, number>; rate: Record<string, number>; compared: Record<string, number> };

const { compareSlices } = require('./alternation') as {
  compareSlices: (slices: Slice[], reference: string, processOf: Record<string, string>) => Compared;
};

/**
 * The slices of loads run one at a time in `pattern`'s order, 100 ms each, on processes that spend
 * `us[kind]` µs of CPU per request at the host's usual speed, busy for the whole slice, while the
 * host's speed swings by `swing` (a wave of `period` slices); `carried` of a slice's requests are
 * of the kind before it (in flight at the switch), and cost the CPU of this slice only when that
 * kind is served by the same process (`processOf`).
 */
function slices(pattern: string[], count: number, us: Record<string, number>, processOf: Record<string, string>, { swing = 0, period = 7, carried = 0 } = {}): Slice[] {
  return Array.from({ length: count }, (_, i) => {
    const kind = pattern[i % pattern.length];
    const before = pattern[(i + pattern.length - 1) % pattern.length];
    const slowness = 1 + swing * Math.sin((2 * Math.PI * i) / period);
    const cpuNs = 100e6;
    const same = processOf[before] === processOf[kind];
    // Requests of this slice's process: its own, and those carried over when the process is the same.
    const ownShare = same ? 1 - carried : 1;
    const mixUs = (ownShare * us[kind] + (same ? carried * us[before] : 0)) * slowness;
    const requests = cpuNs / (mixUs * 1000);
    const counts: Record<string, number> = Object.fromEntries(Object.keys(us).map((k) => [k, 0]));
    counts[kind] += ownShare * requests;
    counts[before] += carried * requests;
    return { kind, ns: 100e6, cpuNs, counts };
  });
}

describe('the alternating loads\' comparisons', () => {
  describe('of one process\'s kinds (p d p e)', () => {
    const us = { p: 100, d: 104, e: 108 };
    const one = { p: 'gateway', d: 'gateway', e: 'gateway' };
    const pattern = ['p', 'd', 'p', 'e'];

    it('give each kind\'s CPU per request against the reference\'s, and its rate', () => {
      const found = compareSlices(slices(pattern, 400, us, one), 'p', one);
      expect(found.cpu.d).toBeCloseTo(1.04, 6);
      expect(found.cpu.e).toBeCloseTo(1.08, 6);
      expect(found.rate.d).toBeCloseTo(1 / 1.04, 6);
      expect(found.compared).toEqual({ d: 98, e: 97 });
    });

    it('hold while the host\'s speed swings by 30% within seconds, which loads taking turns would take for a cost', () => {
      const found = compareSlices(slices(pattern, 400, us, one, { swing: 0.3, period: 40 }), 'p', one);
      expect(found.cpu.d).toBeCloseTo(1.04, 2);
      expect(found.cpu.e).toBeCloseTo(1.08, 2);
    });

    it('count the requests a slice holds of the kind before it at what that kind costs', () => {
      const found = compareSlices(slices(pattern, 400, us, one, { carried: 0.1 }), 'p', one);
      expect(found.cpu.d).toBeCloseTo(1.04, 6);
      expect(found.cpu.e).toBeCloseTo(1.08, 6);
    });
  });

  describe('of separate processes (f c f d)', () => {
    const us = { f: 100, c: 110, d: 115 };
    const processOf = { f: 'floor', c: 'gateway', d: 'gateway with auth' };
    const pattern = ['f', 'c', 'f', 'd'];

    it('leave out of a slice\'s CPU the requests carried over from another process', () => {
      const found = compareSlices(slices(pattern, 400, us, processOf, { carried: 0.05 }), 'f', processOf);
      expect(found.cpu.c).toBeCloseTo(1.1, 6);
      expect(found.cpu.d).toBeCloseTo(1.15, 6);
      expect(found.rate.c).toBeCloseTo(1 / 1.1, 6);
    });
  });

  it('leave out the first slices, and comparisons with a slice in which no request arrived', () => {
    const one = { p: 'gateway', d: 'gateway', e: 'gateway' };
    const all = slices(['p', 'd', 'p', 'e'], 400, { p: 100, d: 104, e: 108 }, one);
    for (const s of all.slice(0, 8)) s.cpuNs *= 3;
    all[41] = { ...all[41], counts: { p: 0, d: 0, e: 0 } };
    const found = compareSlices(all, 'p', one);
    expect(found.cpu.d).toBeCloseTo(1.04, 6);
    expect(found.cpu.e).toBeCloseTo(1.08, 6);
  });

  it('refuse a load with no slice between two of the reference', () => {
    expect(() => compareSlices(slices(['p', 'd', 'p', 'e'], 8, { p: 100, d: 104, e: 108 }, { p: 'g', d: 'g', e: 'g' }), 'p', { p: 'g', d: 'g', e: 'g' })).toThrow('no d slice between two p ones');
  });
});
