const { logReader, LINES_LEFT_OUT } = require('./log-reader');

interface Line { at: string; text: string }

/**
 * The logs resource's answer over `lines` as the orchestrator computes it (docs/api/hosting.md):
 * the inclusive window, the newest `limit` lines, the time of the last one, `truncated`.
 */
function resource(lines: Line[]) {
  const reads: string[] = [];
  const read = async ({ dateFrom, dateTo, limit }: { dateFrom?: string; dateTo?: string; limit: number }) => {
    reads.push(`${dateFrom ?? '-'}..${dateTo ?? '-'}`);
    const inWindow = lines.filter((l) => (!dateFrom || l.at >= dateFrom) && (!dateTo || l.at <= dateTo));
    const kept = inWindow.slice(Math.max(0, inWindow.length - limit));
    return { logs: kept.map((l) => l.text).join('\n'), truncated: inWindow.length > limit, ...(kept.length ? { lastDateInLog: kept.at(-1)!.at } : {}) };
  };
  return { read, reads };
}

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, ms)).toISOString();

describe('reading an instance\'s logs line by line', () => {
  it('answers every line once, lines of the same millisecond and repeated texts included, across reads', async () => {
    const lines: Line[] = [{ at: at(1), text: 'start' }, { at: at(2), text: 'same' }, { at: at(2), text: 'same' }];
    const { read } = resource(lines);
    const next = logReader(read);
    expect(await next()).toEqual({ lines: ['start', 'same', 'same'], leftOut: false });
    expect(await next()).toEqual({ lines: [], leftOut: false });
    lines.push({ at: at(2), text: 'same' });
    expect(await next()).toEqual({ lines: ['same'], leftOut: false });
    lines.push({ at: at(2), text: 'late' }, { at: at(3), text: 'same' }, { at: at(3), text: 'next' });
    expect(await next()).toEqual({ lines: ['late', 'same', 'next'], leftOut: false });
    lines.push({ at: at(3), text: 'same' }, { at: at(4), text: 'last' });
    expect(await next()).toEqual({ lines: ['same', 'last'], leftOut: false });
    expect(await next()).toEqual({ lines: [], leftOut: false });
  });

  it('answers the newest `limit` lines at first, saying that older ones were left out, and marks a gap later', async () => {
    const lines: Line[] = Array.from({ length: 5 }, (_, i) => ({ at: at(i), text: `line ${i}` }));
    const { read } = resource(lines);
    const next = logReader(read, { limit: 2 });
    expect(await next()).toEqual({ lines: ['line 3', 'line 4'], leftOut: true });
    lines.push(...Array.from({ length: 4 }, (_, i) => ({ at: at(10 + i), text: `more ${i}` })));
    expect(await next()).toEqual({ lines: [LINES_LEFT_OUT, 'more 1', 'more 2', 'more 3'], leftOut: false });
    expect(await next()).toEqual({ lines: [], leftOut: false });
  });

  it('starts at `since`, and answers nothing for an instance without output', async () => {
    const { read, reads } = resource([{ at: at(1), text: 'old' }, { at: at(5), text: 'new' }]);
    expect(await logReader(read, { since: at(3) })()).toEqual({ lines: ['new'], leftOut: false });
    expect(reads[0]).toBe(`${at(3)}..-`);
    expect(await logReader(resource([]).read)()).toEqual({ lines: [], leftOut: false });
  });
});
