/** One tar entry: a file (default), a directory (`type` '5') or any other type flag with its data. */
export interface TarEntry { name: string; data?: Buffer | string; mode?: number; type?: string }

/**
 * A ustar header block for an entry of `size` bytes. Names over 100 bytes are split into the
 * prefix field at a `/` (up to 255 bytes in all).
 * @throws Error when the name cannot be split to fit.
 */
export function tarHeader(name: string, size: number, type = '0', mode = 0o644): Buffer {
  const h = Buffer.alloc(512);
  let [prefix, rest] = ['', name];
  if (Buffer.byteLength(name) > 100) {
    const at = [...Array(name.length).keys()].reverse().find((i) => name[i] === '/' && Buffer.byteLength(name.slice(i + 1)) <= 100 && Buffer.byteLength(name.slice(0, i)) <= 155);
    if (at === undefined) throw new Error(`tar entry name too long: ${name}`);
    [prefix, rest] = [name.slice(0, at), name.slice(at + 1)];
  }
  h.write(rest, 0, 100, 'utf8');
  h.write(`${mode.toString(8).padStart(7, '0')}\0`, 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write('00000000000\0', 136);
  h.write('        ', 148);
  h.write(type, 156);
  h.write('ustar\0', 257);
  h.write('00', 263);
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

const pad = (size: number) => Buffer.alloc((512 - (size % 512)) % 512);

/** A tar archive in memory: each entry's header, data and padding, then the two zero blocks. */
export function tar(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data ?? '');
    const type = entry.type ?? '0';
    parts.push(tarHeader(entry.name, data.length, type, entry.mode ?? (type === '5' ? 0o755 : 0o644)), data, pad(data.length));
  }
  return Buffer.concat([...parts, Buffer.alloc(1024)]);
}

/** The directory entries (`a/`, `a/b/`, …) every file of `names` needs, parents first, each once. */
export function parentDirectories(names: string[]): TarEntry[] {
  const dirs = new Set<string>();
  for (const name of names) {
    const parts = name.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) dirs.add(`${parts.slice(0, i).join('/')}/`);
  }
  return [...dirs].sort().map((name) => ({ name, type: '5', mode: 0o755 }));
}
