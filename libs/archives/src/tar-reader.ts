import { Writable } from 'node:stream';

const BLOCK = 512;

/** One entry of a tar archive as its header describes it, and where its content starts in the archive. */
export interface ArchiveEntry { name: string; size: number; type: string; offset: number }

/** A tar archive that cannot be read: a bad header checksum, a bad size field, or an early end. */
export class TarFormatError extends Error {}

export interface TarHeaderOptions {
  /** Entries whose content is wanted (e.g. `manifest.json`), at most `maxCaptureBytes` each; the rest is skipped unread. */
  capture?: (name: string) => boolean;
  maxCaptureBytes?: number;
  /** Most entries accepted before the archive is refused. */
  maxEntries?: number;
}

function text(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function octal(block: Buffer, start: number, length: number, what: string): number {
  if (block[start] & 0x80) {
    let value = 0;
    for (let i = start + 1; i < start + length; i++) value = value * 256 + block[i];
    return value;
  }
  const raw = text(block, start, length).trim();
  if (raw === '') return 0;
  if (!/^[0-7]+$/.test(raw)) throw new TarFormatError(`bad ${what} field "${raw}"`);
  return parseInt(raw, 8);
}

function checksumOk(block: Buffer): boolean {
  const stored = octal(block, 148, 8, 'checksum');
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
  return sum === stored;
}

function paxPath(data: Buffer): string | undefined {
  for (const record of data.toString('utf8').split('\n')) {
    const match = /^\d+ path=(.*)$/.exec(record);
    if (match) return match[1];
  }
  return undefined;
}

/**
 * A Writable that reads a tar stream's headers (ustar, GNU long names, PAX `path`) without
 * keeping the entries' contents, except those `capture` asks for (up to `maxCaptureBytes`).
 * Memory stays at one block plus the captured entries, whatever the archive's size.
 * `entries` and `captured` are complete once the stream finishes; a malformed archive makes it
 * fail with TarFormatError, so does one that ends before its last entry's content.
 */
export class TarHeaderReader extends Writable {
  readonly entries: ArchiveEntry[] = [];
  readonly captured = new Map<string, Buffer>();
  /** Where the end-of-archive blocks start: the length of the archive's entries (set once they are read). */
  entriesEnd?: number;
  private position = 0;
  private pending = Buffer.alloc(0);
  private skip = 0;
  private capturing?: { name: string; chunks: Buffer[]; left: number; kind: 'entry' | 'longname' | 'pax' };
  private longName?: string;
  private ended = false;
  private blocksRead = 0;

  constructor(private readonly options: TarHeaderOptions = {}) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error) => void) {
    try {
      this.consume(chunk);
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  override _final(done: (err?: Error) => void) {
    if (this.skip > 0 || this.capturing) return done(new TarFormatError('the archive ends inside an entry'));
    if (this.blocksRead === 0) return done(new TarFormatError('the archive is empty'));
    this.entriesEnd ??= this.position - this.pending.length;
    done();
  }

  private consume(chunk: Buffer) {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.ended) return;
      if (this.skip > 0) {
        const take = Math.min(this.skip, chunk.length - offset);
        if (this.capturing && this.capturing.left > 0) {
          const part = chunk.subarray(offset, offset + Math.min(take, this.capturing.left));
          this.capturing.chunks.push(Buffer.from(part));
          this.capturing.left -= part.length;
        }
        this.skip -= take;
        offset += take;
        this.position += take;
        if (this.skip === 0) this.finishContent();
        continue;
      }
      const need = BLOCK - this.pending.length;
      const take = Math.min(need, chunk.length - offset);
      this.pending = Buffer.concat([this.pending, chunk.subarray(offset, offset + take)]);
      offset += take;
      this.position += take;
      if (this.pending.length === BLOCK) {
        const block = this.pending;
        this.pending = Buffer.alloc(0);
        this.header(block);
      }
    }
  }

  private header(block: Buffer) {
    this.blocksRead++;
    if (block.every((b) => b === 0)) {
      this.ended = this.entries.length > 0 || this.blocksRead > 1;
      if (this.ended) this.entriesEnd = this.position - BLOCK;
      return;
    }
    if (!checksumOk(block)) throw new TarFormatError('a header has a bad checksum: not a tar archive');
    const size = octal(block, 124, 12, 'size');
    const type = String.fromCharCode(block[156] || 48);
    const prefix = block.subarray(257, 262).toString('latin1') === 'ustar' ? text(block, 345, 155) : '';
    let name = this.longName ?? (prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100));
    this.longName = undefined;
    name = name.replace(/^\.\//, '');
    const padded = Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'L' || type === 'x') {
      this.capturing = { name, chunks: [], left: Math.min(size, 65536), kind: type === 'L' ? 'longname' : 'pax' };
    } else {
      this.entries.push({ name, size, type, offset: this.position });
      if (this.options.maxEntries !== undefined && this.entries.length > this.options.maxEntries) {
        throw new TarFormatError(`more than ${this.options.maxEntries} entries`);
      }
      if (this.options.capture?.(name)) this.capturing = { name, chunks: [], left: Math.min(size, this.options.maxCaptureBytes ?? 1 << 20), kind: 'entry' };
    }
    this.skip = padded;
    if (padded === 0) this.finishContent();
  }

  private finishContent() {
    const capturing = this.capturing;
    this.capturing = undefined;
    if (!capturing) return;
    const data = Buffer.concat(capturing.chunks);
    if (capturing.kind === 'longname') this.longName = text(data, 0, data.length);
    else if (capturing.kind === 'pax') this.longName = paxPath(data) ?? this.longName;
    else this.captured.set(capturing.name, data);
  }
}
