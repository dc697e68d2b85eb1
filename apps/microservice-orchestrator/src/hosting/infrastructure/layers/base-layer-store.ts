import { compressLayerAsync, LayerDirectory, runtimeLayer } from '@berth/archives';
import type { Logger } from 'pino';

/**
 * The platform base layers this orchestrator can add to an image archive that leaves them out
 * (docs/microservices.md#platform-base-layers): zstd-compressed layers in a directory of its own,
 * by digest. It fills itself: with the runtime layer of its own Node, made once at start by the
 * code the CLI packages with, and with each runtime layer a self-contained image brings
 * (`keep`). Layers are content-addressed: a file is used only when it unpacks to its digest.
 */
export class BaseLayerStore {
  private readonly directory: LayerDirectory;
  /** Digests whose files were found intact, so a deploy does not unpack 100 MB again to check. */
  private readonly intact = new Set<string>();
  private building: Promise<void> = Promise.resolve();

  constructor(dir: string, private readonly logger: Logger) {
    this.directory = new LayerDirectory(dir);
  }

  /**
   * Starts making the runtime layer of the node binary at `nodePath` (Node `version`) and keeping
   * it; `has` waits for it. A Node whose layer cannot be made (a library not found) is logged, and
   * the store then fills from self-contained images only.
   */
  buildRuntime(nodePath = process.execPath, version = process.version): Promise<void> {
    this.building = (async () => {
      await new Promise((resolve) => setImmediate(resolve));
      const started = Date.now();
      const layer = runtimeLayer(nodePath, version);
      if (!(await this.has(layer.diffId, false)) && !this.directory.writeSync(layer.diffId, await compressLayerAsync(layer.data))) {
        throw new Error(`${this.directory.dir} cannot be written`);
      }
      this.intact.add(layer.diffId);
      this.logger.info({ diffId: `sha256:${layer.diffId}`, node: version, ms: Date.now() - started }, 'runtime base layer ready');
    })().catch((err) => this.logger.warn({ err: (err as Error).message }, 'no runtime base layer of this orchestrator\'s Node: the store fills from self-contained images only'));
    return this.building;
  }

  /** Whether the store holds layer `diffId` intact (after the start-up build, unless `wait` is false). */
  async has(diffId: string, wait = true): Promise<boolean> {
    if (wait) await this.building;
    if (this.intact.has(diffId)) return true;
    if (!(await this.directory.has(diffId))) return false;
    this.intact.add(diffId);
    return true;
  }

  /** The file of layer `diffId`; one found gone is checked again by the next `has`. */
  file(diffId: string): string {
    return this.directory.file(diffId);
  }

  forget(diffId: string): void {
    this.intact.delete(diffId);
  }

  /** A file to write layer `diffId` to before `keep`. */
  partial(diffId: string): string {
    return this.directory.partial(diffId);
  }

  /** Keeps the written file `partial` as layer `diffId` when it unpacks to it; removes it otherwise. */
  async keep(diffId: string, partial: string): Promise<boolean> {
    const kept = await this.directory.keep(diffId, partial);
    if (kept) this.intact.add(diffId);
    return kept;
  }
}
