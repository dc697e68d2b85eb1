type Slice = { kind: string; cpuNs: number; counts: Record<string, number> };
type Costs = { d: number; e: number; compared: { d: number; e: number } };

const { authCosts, PATTERN } = require('./alternation') as { authCosts: (slices: Slice[]) => Costs; PATTERN: string[] };

/**
 * The slices of a gateway that spends `us[kind]` µs of CPU per request at the host's usual speed,
 * busy for all of each 100 ms slice, while the host's speed swings by `swing` (a wave of
 * `period` slices); `carried` of each slice's requests are of the kind before it (in flight at
 * the switch).
 */
function slices(count: number, us: Record<string, number>, { swing = 0, period = 7, carried = 0 } = {}): Slice[] {
  return Array.from({ length: count }, (_, i) => {
    const kind = PATTERN[i % PATTERN.length];
    const before = PATTERN[(i + PATTERN.length - 1) % PATTERN.length];
    const slowness = 1 + swing * Math.sin((2 * Math.PI * i) / period);
    const cpuNs = 100e6;
    const mixUs = ((1 - carried) * us[kind] + carried * us[before]) * slowness;
    const requests = cpuNs / (mixUs * 1000);
    const counts: Record<string, number> = { p: 0, d: 0, e: 0 };
    counts[kind] += (1 - carried) * requests;
    counts[before] += carried * requests;
    return { kind, cpuNs, counts };
  });
}

describe('what cached authentication costs, from the alternating load', () => {
  const us = { p: 100, d: 104, e: 108 };

  it('is each kind\'s CPU per request against the public path\'s', () => {
    const costs = authCosts(slices(400, us));
    expect(costs.d).toBeCloseTo(1 - 100 / 104, 6);
    expect(costs.e).toBeCloseTo(1 - 100 / 108, 6);
    expect(costs.compared).toEqual({ d: 98, e: 97 });
  });

  it('holds while the host\'s speed swings by 30% from one slice to the next, which separate loads would take for a cost', () => {
    const costs = authCosts(slices(400, us, { swing: 0.3, period: 40 }));
    expect(costs.d).toBeCloseTo(1 - 100 / 104, 2);
    expect(costs.e).toBeCloseTo(1 - 100 / 108, 2);
  });

  it('counts the requests a slice holds of the kind before it at what they cost', () => {
    const costs = authCosts(slices(400, us, { carried: 0.1 }));
    expect(costs.d).toBeCloseTo(1 - 100 / 104, 6);
    expect(costs.e).toBeCloseTo(1 - 100 / 108, 6);
  });

  it('leaves out the first slices, and slices in which no request arrived', () => {
    const all = slices(400, us);
    for (const s of all.slice(0, 8)) s.cpuNs *= 3;
    all[41] = { ...all[41], counts: { p: 0, d: 0, e: 0 } };
    const costs = authCosts(all);
    expect(costs.d).toBeCloseTo(1 - 100 / 104, 6);
    expect(costs.compared.d).toBe(97);
  });

  it('refuses a load that compared nothing', () => {
    expect(() => authCosts(slices(8, us))).toThrow('no d slice between two public ones');
  });
});
