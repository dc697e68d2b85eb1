import type { LogLine } from '../application/ports/runtime-driver';
import { endedName, keptTail, windowed } from './ended-instance';

const line = (n: number, text = `line ${n}`): LogLine => ({ at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(), stream: 'stdout', text });

describe('the kept output of an ended instance', () => {
  it('keeps the newest lines that fit the byte bound, counting each line\'s end, and says when older ones were cut', () => {
    const lines = [line(1, 'aaaa'), line(2, 'bbbb'), line(3, 'cccc')];
    expect(keptTail(lines, 15)).toEqual({ lines: lines, cut: false });
    expect(keptTail(lines, 14)).toEqual({ lines: lines.slice(1), cut: true });
    expect(keptTail(lines, 5)).toEqual({ lines: lines.slice(2), cut: true });
    expect(keptTail(lines, 4)).toEqual({ lines: [], cut: true });
    expect(keptTail([], 4)).toEqual({ lines: [], cut: false });
  });

  it('counts bytes, not characters', () => {
    const wide = [line(1, 'é'.repeat(10)), line(2, 'é'.repeat(10))];
    expect(keptTail(wide, 21).lines).toEqual([wide[1]]);
    expect(keptTail(wide, 42).lines).toEqual(wide);
  });

  it('answers a window as the live logs do: inclusive times, the newest `limit` lines, lines without a time always in', () => {
    const lines = [line(1), line(2), line(3), line(4), { at: '', stream: 'stderr' as const, text: 'no time' }];
    const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n));
    expect(windowed(lines, { since: at(2), until: at(3), limit: 10 }).map((l) => l.text)).toEqual(['no time', 'line 2', 'line 3']);
    expect(windowed(lines, { limit: 2 }).map((l) => l.text)).toEqual(['line 3', 'line 4']);
  });

  it('is named after its instance and its runtime id, so the slot\'s next instance of the same name is another one', () => {
    expect(endedName('berth-hello-0a1b2c3d-0', '4f1e2d3c4b5a69788796a5b4')).toBe('berth-hello-0a1b2c3d-0.4f1e2d3c4b5a');
    expect(endedName('hello-0', 'a1b2-c3d4-e5f6-0718-293a')).toBe('hello-0.a1b2c3d4e5f6');
  });
});
