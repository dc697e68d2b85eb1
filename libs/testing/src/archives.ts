import { crc32 } from 'node:zlib';
import { tar, tarHeader, zip, zipCentralHeader as centralHeader, zipEndOfDirectory as endOfDirectory, zipLocalHeader as localHeader, type ZipEntrySpec } from '@berth/archives';

export { tar, tarHeader, zip, type ZipEntrySpec };

const pad = (size: number) => Buffer.alloc((512 - (size % 512)) % 512);

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
