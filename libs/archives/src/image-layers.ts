// The layers of a microservice image (docs/microservices.md#the-image): each a tar of files in a fixed
// order with fixed metadata, so that the same files always make the same layer (same digest) and an
// engine stores a layer that several images share once; compressed with zstd, which engines detect
// when they load an image. A `LayerDirectory` keeps compressed layers by digest: the CLI's cache and
// the orchestrator's store of platform base layers.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { constants, createZstdDecompress, zstdCompress, zstdCompressSync, zstdDecompressSync } from 'node:zlib';
import { parentDirectories, tar, TarEntry } from './tar';

/**
 * zstd level 9 with its default window (8 MB), which every decoder accepts: the runtime layer
 * (about 110 MB) packs in a few seconds; the strongest level saves a sixth more and takes a minute.
 */
const LEVEL = 9;
const ZSTD = { params: { [constants.ZSTD_c_compressionLevel]: LEVEL } };

export interface LayerFile { name: string; data: Buffer | string; mode?: number }
export interface LayerDirEntry { name: string; mode?: number }
/** A layer's uncompressed tar and its digest (hex SHA-256, the image config's diff_id without `sha256:`). */
export interface LayerTar { diffId: string; data: Buffer }

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The tar of `files` (names without a leading /) and the directories they need, plus `dirs`, in name order. */
export function layerTar(files: LayerFile[], dirs: LayerDirEntry[] = []): LayerTar {
  const sorted = [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const own = new Set(dirs.map((d) => d.name));
  const entries: TarEntry[] = [
    ...parentDirectories(sorted.map((f) => f.name)).filter((d) => !own.has(d.name)),
    ...dirs.map((d) => ({ ...d, type: '5' })),
    ...sorted,
  ];
  const data = tar(entries);
  return { diffId: sha256(data), data };
}

export const compressLayer = (data: Buffer): Buffer => zstdCompressSync(data, ZSTD);

/** `compressLayer` on libuv's thread pool, for a server that must keep answering meanwhile. */
export const compressLayerAsync = (data: Buffer): Promise<Buffer> =>
  new Promise((resolve, reject) => zstdCompress(data, ZSTD, (err, out) => (err ? reject(err) : resolve(out))));

/**
 * A directory of zstd-compressed layers, one file `<diffId>.tar.zst` each. A file is used only
 * when it unpacks to the layer its name says, so one cut short or changed is never handed out;
 * files are written under another name and renamed, so a reader never sees one half written.
 */
export class LayerDirectory {
  constructor(readonly dir: string) {}

  file(diffId: string): string {
    if (!/^[0-9a-f]{64}$/.test(diffId)) throw new Error(`not a layer digest: ${diffId}`);
    return join(this.dir, `${diffId}.tar.zst`);
  }

  /** A file name in the directory (made when missing) for a layer being written. */
  partial(diffId: string): string {
    mkdirSync(this.dir, { recursive: true });
    return `${this.file(diffId)}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
  }

  /** The compressed layer `diffId`, read whole, when the directory holds it intact. */
  readSync(diffId: string): Buffer | undefined {
    const path = this.file(diffId);
    if (!existsSync(path)) return undefined;
    const packed = readFileSync(path);
    try {
      return sha256(zstdDecompressSync(packed)) === diffId ? packed : undefined;
    } catch {
      return undefined;
    }
  }

  /** Keeps `packed` as layer `diffId`; false when the directory cannot be written. */
  writeSync(diffId: string, packed: Buffer): boolean {
    let partial: string | undefined;
    try {
      partial = this.partial(diffId);
      writeFileSync(partial, packed);
      renameSync(partial, this.file(diffId));
      return true;
    } catch {
      if (partial) rmSync(partial, { force: true });
      return false;
    }
  }

  /** Whether the directory holds layer `diffId` intact (read as a stream, in bounded memory). */
  async has(diffId: string): Promise<boolean> {
    const path = this.file(diffId);
    return existsSync(path) && (await unpackedDigest(path)) === diffId;
  }

  /**
   * Keeps the zstd-compressed file `partial` (written in this directory) as layer `diffId` when it
   * unpacks to that layer; removes it otherwise. Resolves to whether it was kept.
   */
  async keep(diffId: string, partial: string): Promise<boolean> {
    if ((await unpackedDigest(partial)) !== diffId) {
      await rm(partial, { force: true });
      return false;
    }
    await rename(partial, this.file(diffId));
    return true;
  }
}

/** The digest of what the zstd-compressed file at `path` unpacks to; undefined when it does not unpack. */
export async function unpackedDigest(path: string): Promise<string | undefined> {
  const hash = createHash('sha256');
  try {
    await pipeline(createReadStream(path), createZstdDecompress(), async (chunks: AsyncIterable<Buffer>) => {
      for await (const chunk of chunks) hash.update(chunk);
    });
    return hash.digest('hex');
  } catch {
    return undefined;
  }
}
