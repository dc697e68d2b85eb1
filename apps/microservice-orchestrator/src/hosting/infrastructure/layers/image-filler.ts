import { createWriteStream, type WriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Logger } from 'pino';
import { dockerArchiveLayers, scanDockerArchive, tarHeader, TarFormatError } from '@berth/archives';
import { BrokenBinaryError } from '../registry-binaries';
import { BaseLayerStore } from './base-layer-store';

/** An image that leaves out a base layer this platform does not have: loading it again will not help. */
export class MissingBaseLayerError extends BrokenBinaryError {}

const pad = (size: number) => Buffer.alloc((512 - (size % 512)) % 512);

/** Writes `data` to `out`, waiting while its buffer is full; a failed stream is not waited for (its error comes with `finished`). */
async function write(out: WriteStream, data: Buffer): Promise<void> {
  if (out.errored || out.write(data)) return;
  await new Promise<void>((resolve) => {
    const done = () => { out.off('drain', done); out.off('error', done); resolve(); };
    out.on('drain', done);
    out.on('error', done);
  });
}

/** A layer the archive holds that the store lacks, copied while the archive streams past. */
interface Harvest { diffId: string; offset: number; size: number; partial: string; out: WriteStream }

/**
 * Makes a microservice's image.tar loadable by any engine (docs/microservices.md#platform-base-layers):
 * the archive is read twice, first for its manifest, configs and the places of its entries, then
 * streamed to the engine with every platform base layer it leaves out added from the store at its
 * end (before the end-of-archive blocks). Memory stays bounded: nothing is held but chunks in flight.
 * A runtime layer the archive holds and the store lacks is copied to the store on the way, and
 * kept there when it unpacks to its digest.
 */
export class ImageFiller {
  constructor(private readonly store: BaseLayerStore, private readonly logger: Logger) {}

  /**
   * The complete archive of what `openArchive` reads (each call a new stream from its start).
   * @throws MissingBaseLayerError naming a left-out layer the store does not have; BrokenBinaryError when it is no docker save archive.
   */
  async fill(openArchive: () => Promise<Readable>): Promise<Readable> {
    const scan = await scanDockerArchive(await openArchive()).catch((err) => {
      throw err instanceof TarFormatError ? new BrokenBinaryError(`image.tar is not a docker save archive: ${err.message}`) : err;
    });
    const { layers, problems } = dockerArchiveLayers(scan);
    if (problems.length > 0) throw new BrokenBinaryError(problems.join('; '));
    const missing = [...new Map(layers.filter((l) => !l.entry).map((l) => [l.path, l.diffId!])).entries()];
    for (const [, diffId] of missing) {
      if (!(await this.store.has(diffId))) {
        throw new MissingBaseLayerError(`it leaves out the base layer sha256:${diffId} (a Node runtime), which this platform does not have; package the microservice with --self-contained`);
      }
    }
    const harvests: Harvest[] = [];
    for (const l of layers) {
      if (!l.entry || !l.runtime || !l.diffId || harvests.some((h) => h.diffId === l.diffId) || (await this.store.has(l.diffId))) continue;
      const partial = this.store.partial(l.diffId);
      // A write error is taken up when the copy settles (`finished`), not left unhandled.
      const out = createWriteStream(partial).on('error', () => undefined);
      harvests.push({ diffId: l.diffId, offset: l.entry.offset, size: l.entry.size, partial, out });
    }
    return Readable.from(this.filled(await openArchive(), scan.end, missing, harvests));
  }

  private async *filled(archive: Readable, end: number, missing: Array<[string, string]>, harvests: Harvest[]): AsyncGenerator<Buffer> {
    let settled = false;
    try {
      let position = 0;
      for await (const chunk of archive as AsyncIterable<Buffer>) {
        const part = chunk.subarray(0, Math.max(0, Math.min(chunk.length, end - position)));
        for (const h of harvests) {
          const from = Math.max(h.offset, position);
          const to = Math.min(h.offset + h.size, position + part.length);
          if (to > from) await write(h.out, part.subarray(from - position, to - position));
        }
        position += chunk.length;
        if (part.length > 0) yield part;
      }
      if (position < end) throw new Error('image.tar ended early');
      for (const [path, diffId] of missing) yield* this.storedEntry(path, diffId);
      // The copies are checked and kept before the archive ends, so that the store has them once the image is loaded.
      settled = true;
      await Promise.all(harvests.map((h) => this.settle(h, true)));
      yield Buffer.alloc(1024);
    } finally {
      if (!settled) await Promise.all(harvests.map((h) => this.settle(h, false)));
    }
  }

  /** The tar entry `path` holding the stored layer `diffId`, read from one open file so its size and bytes agree. */
  private async *storedEntry(path: string, diffId: string): AsyncGenerator<Buffer> {
    let file;
    try {
      file = await open(this.store.file(diffId));
    } catch (err) {
      this.store.forget(diffId);
      throw err;
    }
    try {
      const { size } = await file.stat();
      yield tarHeader(path, size);
      let read = 0;
      for await (const chunk of file.createReadStream({ autoClose: false }) as AsyncIterable<Buffer>) {
        read += chunk.length;
        yield chunk;
      }
      if (read !== size) throw new Error(`the stored layer sha256:${diffId} changed while it was read`);
      yield pad(size);
    } finally {
      await file.close();
    }
  }

  /** Keeps a copied runtime layer when the archive went through whole and it unpacks to its digest; drops it otherwise. */
  private async settle(h: Harvest, complete: boolean): Promise<void> {
    try {
      h.out.end();
      await finished(h.out);
      if (complete && (await this.store.keep(h.diffId, h.partial))) this.logger.info({ diffId: `sha256:${h.diffId}` }, 'runtime base layer kept from a self-contained image');
      else await rm(h.partial, { force: true });
    } catch (err) {
      this.logger.warn({ diffId: `sha256:${h.diffId}`, err: (err as Error).message }, 'runtime base layer not kept');
      await rm(h.partial, { force: true }).catch(() => undefined);
    }
  }
}
