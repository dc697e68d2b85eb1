import { memoryBytes, nanoCpus } from './resource-quantities';

describe('resource quantities', () => {
  it('reads memory in decimal and binary units', () => {
    expect(memoryBytes('512M')).toBe(512_000_000);
    expect(memoryBytes('1Gi')).toBe(1024 ** 3);
    expect(memoryBytes('64Mi')).toBe(64 * 1024 ** 2);
    expect(memoryBytes('1000')).toBe(1000);
    expect(() => memoryBytes('lots')).toThrow(/memory/);
  });

  it('reads CPU as cores or millicores', () => {
    expect(nanoCpus('0.5')).toBe(500_000_000);
    expect(nanoCpus(2)).toBe(2_000_000_000);
    expect(nanoCpus('250m')).toBe(250_000_000);
    expect(() => nanoCpus('fast')).toThrow(/CPU/);
  });
});
