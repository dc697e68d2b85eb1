import {
  EMPTY_LOG, LINES_LEFT_OUT, MAX_SHOWN, OLDER_LEFT_OUT, justBefore, logQueryString, readNewLines, shownLines,
  type FollowedLog, type LogAnswer, type LogQuery,
} from './log-follow';

/**
 * An instance's output answered the way the logs resource answers it (docs/api/hosting.md): the
 * newest `limit` lines of an inclusive window of milliseconds, oldest first, `truncated` when older
 * lines of the window were left out, and the time of the last line answered.
 */
class InstanceOutput {
  private readonly lines: Array<{ at: number; text: string }> = [];
  readonly queries: LogQuery[] = [];

  write(at: number, ...texts: string[]) {
    for (const text of texts) this.lines.push({ at, text });
  }

  texts(): string[] {
    return this.lines.map((l) => l.text);
  }

  read = async (query: LogQuery): Promise<LogAnswer> => {
    this.queries.push(query);
    const from = query.dateFrom ? Date.parse(query.dateFrom) : -Infinity;
    const to = query.dateTo ? Date.parse(query.dateTo) : Infinity;
    const inWindow = this.lines.filter((l) => l.at >= from && l.at <= to);
    const kept = inWindow.slice(Math.max(0, inWindow.length - query.limit));
    const last = kept.at(-1);
    return { logs: kept.map((l) => l.text).join('\n'), truncated: kept.length < inWindow.length, ...(last ? { lastDateInLog: new Date(last.at).toISOString() } : {}) };
  };
}

const T0 = Date.parse('2026-11-27T01:30:56.000Z');

async function follow(output: InstanceOutput, log: FollowedLog = EMPTY_LOG, limit?: number): Promise<FollowedLog> {
  return readNewLines(log, output.read, limit);
}

describe('following an instance\'s logs', () => {
  it('shows every line of the first read once, those of the newest millisecond included', async () => {
    const output = new InstanceOutput();
    output.write(T0, 'starting');
    output.write(T0 + 5, 'listening on 80', 'ready');
    const log = await follow(output);
    expect(shownLines(log)).toEqual(['starting', 'listening on 80', 'ready']);
    expect(log.settled).toEqual(['starting']);
    expect(log.cursor).toBe(new Date(T0 + 5).toISOString());
  });

  it('keeps repeated lines written in the millisecond of the last read, and after it', async () => {
    const output = new InstanceOutput();
    output.write(T0, 'GET /hello');
    output.write(T0 + 1, 'GET /hello');
    let log = await follow(output);
    output.write(T0 + 1, 'GET /hello');
    output.write(T0 + 9, 'GET /hello');
    log = await follow(output, log);
    expect(shownLines(log)).toEqual(['GET /hello', 'GET /hello', 'GET /hello', 'GET /hello']);
    log = await follow(output, log);
    expect(shownLines(log)).toEqual(output.texts());
  });

  it('asks only for what is new: from the cursor, and up to just before the newest line', async () => {
    const output = new InstanceOutput();
    output.write(T0, 'a');
    let log = await follow(output);
    output.write(T0 + 20, 'b');
    output.queries.length = 0;
    log = await follow(output, log);
    expect(output.queries).toEqual([
      { dateFrom: new Date(T0).toISOString(), limit: 1000 },
      { dateFrom: new Date(T0).toISOString(), dateTo: new Date(T0 + 19).toISOString(), limit: 1000 },
    ]);
    expect(shownLines(log)).toEqual(['a', 'b']);
  });

  it('loses and repeats nothing over many reads between writes of repeated lines in shared milliseconds', async () => {
    const output = new InstanceOutput();
    let seed = 7;
    const random = (n: number) => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed % n; };
    let at = T0;
    let log = EMPTY_LOG;
    for (let round = 0; round < 300; round++) {
      for (let i = random(4); i > 0; i--) {
        at += random(3);
        output.write(at, ['tick', 'GET /hello', 'done'][random(3)]);
      }
      log = await follow(output, log);
      expect(shownLines(log)).toEqual(output.texts());
    }
  });

  it('says where lines are missing: before the first read, and when more arrived than one read holds', async () => {
    const output = new InstanceOutput();
    for (let i = 0; i < 5; i++) output.write(T0 + i, `old ${i}`);
    let log = await follow(output, EMPTY_LOG, 3);
    // The lines before the newest millisecond are one read of 3, the newest millisecond's another.
    expect(shownLines(log)).toEqual([OLDER_LEFT_OUT, 'old 1', 'old 2', 'old 3', 'old 4']);
    for (let i = 0; i < 6; i++) output.write(T0 + 10 + i, `burst ${i}`);
    output.write(T0 + 20, 'last', 'last');
    log = await follow(output, log, 3);
    expect(shownLines(log)).toEqual([OLDER_LEFT_OUT, 'old 1', 'old 2', 'old 3', LINES_LEFT_OUT, 'burst 3', 'burst 4', 'burst 5', 'last', 'last']);
    output.write(T0 + 21, 'after');
    log = await follow(output, log, 3);
    expect(shownLines(log).slice(-3)).toEqual(['last', 'last', 'after']);
  });

  it('shows nothing, and keeps no cursor, while the instance wrote nothing', async () => {
    const output = new InstanceOutput();
    const log = await follow(output);
    expect(log).toEqual({ settled: [], tail: [] });
    output.write(T0, 'first');
    expect(shownLines(await follow(output, log))).toEqual(['first']);
  });

  it('keeps at most MAX_SHOWN lines, the newest', async () => {
    const output = new InstanceOutput();
    let log = EMPTY_LOG;
    for (let i = 0; i < MAX_SHOWN + 10; i++) {
      output.write(T0 + i, `line ${i}`);
      if (i % 1000 === 999) log = await follow(output, log);
    }
    log = await follow(output, log);
    const shown = shownLines(log);
    expect(shown.length).toBe(MAX_SHOWN);
    expect(shown[0]).toBe(OLDER_LEFT_OUT);
    expect(shown.at(-1)).toBe(`line ${MAX_SHOWN + 9}`);
  });

  it('writes the query string and the millisecond before a time', () => {
    expect(justBefore('2026-11-27T01:30:56.000Z')).toBe('2026-11-27T01:30:55.999Z');
    expect(logQueryString({ dateFrom: '2026-11-27T01:30:56.000Z', limit: 10 })).toBe('dateFrom=2026-11-27T01%3A30%3A56.000Z&limit=10');
  });
});
