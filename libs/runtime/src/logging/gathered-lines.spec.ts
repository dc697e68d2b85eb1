import { GatheredLines, LineSink } from './gathered-lines';

function sink(): LineSink & { chunks: string[]; syncFlushes: number } {
  const s = {
    chunks: [] as string[], syncFlushes: 0,
    write(chunk: string) { s.chunks.push(chunk); },
    flushSync() { s.syncFlushes++; },
    flush(cb?: (err?: Error) => void) { cb?.(); },
  };
  return s;
}

describe('GatheredLines', () => {
  it('passes its lines on in order, as one string once the batch is full', () => {
    const to = sink();
    const lines = new GatheredLines(to, 10, 60_000);
    lines.write('a\n');
    lines.write('bb\n');
    lines.write('ccc\n');
    expect(to.chunks).toEqual([]);
    lines.write('dd\n');
    expect(to.chunks).toEqual(['a\nbb\nccc\ndd\n']);
    lines.write('e\n');
    expect(to.chunks).toHaveLength(1);
  });

  it('passes what it holds on flush and on flushSync, which also flushes the sink', () => {
    const to = sink();
    const lines = new GatheredLines(to, 1000, 60_000);
    lines.write('a\n');
    lines.flush();
    lines.write('b\n');
    lines.flushSync();
    lines.flushSync();
    expect(to.chunks).toEqual(['a\n', 'b\n']);
    expect(to.syncFlushes).toBe(2);
  });

  it('passes a partial batch on after the flush interval', async () => {
    const to = sink();
    const lines = new GatheredLines(to, 1000, 20);
    lines.write('late\n');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(to.chunks).toEqual(['late\n']);
  });
});
