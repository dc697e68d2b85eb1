import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of a test ZIP; `declaredSize` overrides the unpacked size written in the headers (to forge bombs). */
export interface ZipEntrySpec { name: string; data?: Buffer | string; deflate?: boolean; declaredSize?: number; compressed?: Buffer }

function localHeader(name: Buffer, method: number, crc: number, packed: number, size: number, flags = 0x800): Buffer {
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

function centralHeader(name: Buffer, method: number, crc: number, packed: number, size: number, offset: number, flags = 0x800): Buffer {
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

function endOfDirectory(count: number, size: number, offset: number): Buffer {
  const e = Buffer.alloc(22);
  e.writeUInt32LE(0x06054b50, 0);
  e.writeUInt16LE(count, 8);
  e.writeUInt16LE(count, 10);
  e.writeUInt32LE(size, 12);
  e.writeUInt32LE(offset, 16);
  return e;
}

/** A ZIP archive in memory (stored or deflated entries, UTF-8 names). */
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
    const local = localHeader(name, method, crc, packed.length, size);
    parts.push(local, packed);
    central.push(centralHeader(name, method, crc, packed.length, size, offset));
    offset += local.length + packed.length;
  }
  const directory = Buffer.concat(central);
  return Buffer.concat([...parts, directory, endOfDirectory(entries.length, directory.length, offset)]);
}

/** A ustar header block for an entry of `size` bytes. */
export function tarHeader(name: string, size: number, type = '0'): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 100, 'utf8');
  h.write('0000644\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write('00000000000\0', 136);
  h.write('        ', 148);
  h.write(type, 156);
  h.write('ustar\0', 257);
  h.write('00', 263);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

const pad = (size: number) => Buffer.alloc((512 - (size % 512)) % 512);

/** A tar archive in memory. */
export function tar(entries: Array<{ name: string; data: Buffer | string }>): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data);
    parts.push(tarHeader(entry.name, data.length), data, pad(data.length));
  }
  return Buffer.concat([...parts, Buffer.alloc(1024)]);
}

const CONFIG = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90.json';
const LAYER = '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0/layer.tar';

/** The `manifest.json` of a `docker save` archive with one config and one layer, as `image.tar` names them. */
export const dockerManifest = (layers = [LAYER]) => JSON.stringify([{ Config: CONFIG, RepoTags: ['hello:1.0.0'], Layers: layers }]);

/** A small `docker save`-style image.tar; `omit` leaves out the manifest, the config or the layer. */
export function dockerImage(omit?: 'manifest' | 'config' | 'layer'): Buffer {
  const entries = [
    { name: CONFIG, data: '{"architecture":"amd64","os":"linux","config":{}}' },
    { name: LAYER, data: tar([{ name: 'app/hello.txt', data: 'hello' }]) },
    { name: 'manifest.json', data: dockerManifest() },
  ];
  const names = { manifest: 'manifest.json', config: CONFIG, layer: LAYER };
  return tar(entries.filter((e) => omit === undefined || e.name !== names[omit]));
}

/** A microservice ZIP: `cumulocity.json` holding `manifest` and a valid image.tar unless replaced. */
export function microserviceZip(manifest: unknown, image: Buffer = dockerImage(), extra: ZipEntrySpec[] = []): Buffer {
  return zip([{ name: 'cumulocity.json', data: JSON.stringify(manifest) }, { name: 'image.tar', data: image, deflate: true }, ...extra]);
}

/**
 * A microservice ZIP of about `layerBytes` generated as a stream, never whole in memory: stored
 * entries with data descriptors, the layer made of a repeated 64 KiB block.
 */
export async function* largeMicroserviceZip(manifest: unknown, layerBytes: number): AsyncGenerator<Buffer> {
  const block = Buffer.alloc(64 * 1024);
  for (let i = 0; i < block.length; i++) block[i] = (i * 31 + 7) & 0xff;
  const layerSize = Math.ceil(layerBytes / block.length) * block.length;
  const central: Buffer[] = [];
  let offset = 0;
  async function* entry(nameText: string, chunks: () => Iterable<Buffer>) {
    const name = Buffer.from(nameText);
    const local = localHeader(name, 0, 0, 0, 0, 0x808);
    yield local;
    let crc = 0;
    let size = 0;
    for (const chunk of chunks()) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      yield chunk;
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    central.push(centralHeader(name, 0, crc, size, size, offset, 0x808));
    offset += local.length + size + descriptor.length;
  }
  yield* entry('cumulocity.json', () => [Buffer.from(JSON.stringify(manifest))]);
  yield* entry('image.tar', function* () {
    yield tarHeader(CONFIG, 2);
    yield Buffer.concat([Buffer.from('{}'), pad(2)]);
    yield tarHeader(LAYER, layerSize);
    for (let written = 0; written < layerSize; written += block.length) yield block;
    const manifestJson = Buffer.from(dockerManifest());
    yield tarHeader('manifest.json', manifestJson.length);
    yield Buffer.concat([manifestJson, pad(manifestJson.length), Buffer.alloc(1024)]);
  });
  const directory = Buffer.concat(central);
  yield Buffer.concat([directory, endOfDirectory(central.length, directory.length, offset)]);
}
