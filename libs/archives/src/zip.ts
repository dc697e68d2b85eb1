import { crc32, deflateRawSync } from 'node:zlib';

/** One ZIP entry; `declaredSize` overrides the unpacked size written in the headers, `compressed` the packed bytes. */
export interface ZipEntrySpec { name: string; data?: Buffer | string; deflate?: boolean; declaredSize?: number; compressed?: Buffer }

/** A ZIP local file header (version 2.0, UTF-8 names). */
export function zipLocalHeader(name: Buffer, method: number, crc: number, packed: number, size: number, flags = 0x800): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(flags, 6);
  h.writeUInt16LE(method, 8);
  h.writeUInt32LE(crc >>> 0, 14);
  h.writeUInt32LE(packed, 18);
  h.writeUInt32LE(size, 22);
  h.writeUInt16LE(name.length, 26);
  return Buffer.concat([h, name]);
}

/** A ZIP central directory header for an entry whose local header is at `offset`. */
export function zipCentralHeader(name: Buffer, method: number, crc: number, packed: number, size: number, offset: number, flags = 0x800): Buffer {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(flags, 8);
  h.writeUInt16LE(method, 10);
  h.writeUInt32LE(crc >>> 0, 16);
  h.writeUInt32LE(packed, 20);
  h.writeUInt32LE(size, 24);
  h.writeUInt16LE(name.length, 28);
  h.writeUInt32LE(offset, 42);
  return Buffer.concat([h, name]);
}

/** The end-of-central-directory record. */
export function zipEndOfDirectory(count: number, size: number, offset: number): Buffer {
  const e = Buffer.alloc(22);
  e.writeUInt32LE(0x06054b50, 0);
  e.writeUInt16LE(count, 8);
  e.writeUInt16LE(count, 10);
  e.writeUInt32LE(size, 12);
  e.writeUInt32LE(offset, 16);
  return e;
}

/** A ZIP archive in memory (stored or deflated entries, UTF-8 names; no ZIP64, so under 4 GiB). */
export function zip(entries: ZipEntrySpec[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data ?? '');
    const method = entry.deflate || entry.compressed ? 8 : 0;
    const packed = entry.compressed ?? (method === 8 ? deflateRawSync(data) : data);
    const size = entry.declaredSize ?? data.length;
    const crc = crc32(data);
    const local = zipLocalHeader(name, method, crc, packed.length, size);
    parts.push(local, packed);
    central.push(zipCentralHeader(name, method, crc, packed.length, size, offset));
    offset += local.length + packed.length;
  }
  const directory = Buffer.concat(central);
  return Buffer.concat([...parts, directory, zipEndOfDirectory(entries.length, directory.length, offset)]);
}
