import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import type { RegistryConfig } from '../../config/application-registry.env';
import { REGISTRY_CONFIG } from '../../config/registry-config.token';
import type { FileSet, StoredFile } from '../domain/web/web-answer';
import { uploadZipLimits, ZipArchive } from './archive/zip-archive';
import { BinaryStore } from './binary.store';

/** The files of one binary of a web application, and the bytes they hold. */
export interface WebFiles extends FileSet { bytes: number }

/**
 * The unpacked files of HOSTED applications' binaries, in memory, keyed by binary id (a binary
 * never changes), loaded from the store on first use and bounded by `BERTH_WEB_FILES_CACHE_BYTES`:
 * the least recently used binary is dropped first, and a deleted binary at once. Unpacking keeps
 * the upload limits (ZipArchive), and a binary larger than the whole cache is refused.
 */
@Injectable()
export class WebFilesCache {
  /** Insertion order is use order: a hit moves its binary to the end. */
  private readonly entries = new Map<string, Promise<WebFiles>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly store: BinaryStore, @Inject(REGISTRY_CONFIG) private readonly config: RegistryConfig) {
    store.onDelete((id) => this.drop(id));
  }

  /** The files of binary `binaryId`. @throws ArchiveError when the binary cannot be unpacked within the limits (or the cache). */
  files(binaryId: string): Promise<WebFiles> {
    let entry = this.entries.get(binaryId);
    if (entry) {
      this.entries.delete(binaryId);
      this.entries.set(binaryId, entry);
      return entry;
    }
    entry = this.load(binaryId);
    this.entries.set(binaryId, entry);
    entry.then((loaded) => {
      if (this.entries.get(binaryId) !== entry) return;
      this.sizes.set(binaryId, loaded.bytes);
      this.bytes += loaded.bytes;
      this.evict(binaryId);
    }, () => {
      if (this.entries.get(binaryId) === entry) this.entries.delete(binaryId);
    });
    return entry;
  }

  drop(binaryId: string): void {
    this.entries.delete(binaryId);
    this.bytes -= this.sizes.get(binaryId) ?? 0;
    this.sizes.delete(binaryId);
  }

  /** Bytes of the files held. */
  get heldBytes(): number {
    return this.bytes;
  }

  /** Drops the least recently used binaries (never `keep`) until the held bytes fit the budget. */
  private evict(keep: string): void {
    for (const id of this.entries.keys()) {
      if (this.bytes <= this.config.BERTH_WEB_FILES_CACHE_BYTES) return;
      if (id !== keep && this.sizes.has(id)) this.drop(id);
    }
  }

  private async load(binaryId: string): Promise<WebFiles> {
    const dir = await mkdtemp(join(tmpdir(), 'berth-web-'));
    try {
      const path = join(dir, 'binary.zip');
      await pipeline(this.store.open(binaryId), createWriteStream(path));
      const limits = uploadZipLimits(this.config);
      const zip = await ZipArchive.open(path, { ...limits, maxUnpackedBytes: Math.min(limits.maxUnpackedBytes, this.config.BERTH_WEB_FILES_CACHE_BYTES) });
      try {
        const files = new Map<string, StoredFile>();
        let bytes = 0;
        for (const entry of zip.entries.filter((e) => !e.directory)) {
          const data = await zip.read(entry.name, entry.uncompressedSize);
          files.set(entry.name, { data, crc32: entry.crc32 });
          bytes += data.length;
        }
        return { binaryId, files, bytes };
      } finally {
        zip.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
