/** Where gathered lines go: pino's background destination (sonic-boom). */
export interface LineSink {
  write(chunk: string): unknown;
  flushSync(): void;
  flush(cb?: (err?: Error) => void): void;
}

/**
 * A logger's stream that gathers its lines and passes them on to `sink` as one string once
 * `batchChars` characters gathered, or every `flushMs`, and on exit (synchronously). The sink
 * measures the text still waiting for its write each time it is given more, so lines given one by
 * one under load would cost work growing with the square of the lines waiting; batches cost one
 * measure each.
 */
export class GatheredLines {
  private lines: string[] = [];
  private chars = 0;

  constructor(private readonly sink: LineSink, private readonly batchChars: number, flushMs: number) {
    setInterval(() => this.pass(), flushMs).unref();
    gathering.add(this);
  }

  write(line: string): void {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= this.batchChars) this.pass();
  }

  /** Passes what is gathered to the sink, as one string. */
  pass(): void {
    if (this.chars === 0) return;
    const chunk = this.lines.length === 1 ? this.lines[0] : this.lines.join('');
    this.lines = [];
    this.chars = 0;
    this.sink.write(chunk);
  }

  flush(cb?: (err?: Error) => void): void {
    this.pass();
    this.sink.flush(cb);
  }

  flushSync(): void {
    this.pass();
    this.sink.flushSync();
  }
}

/** Every stream gathering lines: on exit, each writes what it holds (the sink may have flushed before, or be gone). */
const gathering = new Set<GatheredLines>();

process.once('exit', () => {
  for (const lines of gathering) {
    try {
      lines.flushSync();
    } catch {
      // The sink is closed or not open yet: nothing can be written any more.
    }
  }
});
