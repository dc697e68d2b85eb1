import type { Readable } from 'node:stream';
import * as yauzl from 'yauzl';
import type { RegistryConfig } from '../../../config/application-registry.env';

/** Limits that keep a ZIP from exhausting memory or disk (zip bombs). */
export interface ZipLimits { maxEntries: number; maxUnpackedBytes: number; maxCompressionRatio: number }

/** The upload limits of the registry's configuration (docs/api/applications.md), as ZipArchive takes them. */
export function uploadZipLimits(config: Pick<RegistryConfig, 'BERTH_UPLOAD_MAX_ENTRIES' | 'BERTH_UPLOAD_MAX_UNPACKED_BYTES' | 'BERTH_UPLOAD_MAX_COMPRESSION_RATIO'>): ZipLimits {
  return {
    maxEntries: config.BERTH_UPLOAD_MAX_ENTRIES, maxUnpackedBytes: config.BERTH_UPLOAD_MAX_UNPACKED_BYTES,
    maxCompressionRatio: config.BERTH_UPLOAD_MAX_COMPRESSION_RATIO,
  };
}

/** A ZIP refused: not a ZIP, an entry escaping its folder, or past a limit. The message names the problem. */
export class ArchiveError extends Error {}

/** The ratio is only checked on entries larger than this: small files legitimately compress very well. */
const RATIO_FLOOR = 1024 * 1024;

/**
 * An entry's path inside the archive: backslashes read as `/`, and one leading `/` read as the archive's root
 * (some clients, go-c8y-cli among them, zip a folder with entries named `/index.html`).
 */
export function archivePath(name: string): string {
  return name.replace(/\\/g, '/').replace(/^\/(?!\/)/, '');
}

/** Why an entry name is unsafe (absolute beyond one leading `/`, a drive, `..`, a NUL), or undefined when it is fine. */
export function unsafeEntryName(name: string): string | undefined {
  const path = archivePath(name);
  if (path.includes('\0')) return 'contains a NUL character';
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) return 'is an absolute path';
  if (path.split('/').includes('..')) return 'escapes its folder with ..';
  return undefined;
}

export interface ZipEntryInfo { name: string; compressedSize: number; uncompressedSize: number; directory: boolean; crc32: number }

/**
 * An opened ZIP on disk whose central directory passed the checks: safe entry names, at most
 * `maxEntries` entries, declared unpacked total within `maxUnpackedBytes`, no entry above 1 MiB
 * with a compression ratio past `maxCompressionRatio`. Entry streams are checked by yauzl
 * against their declared sizes, so nothing unpacks to more than the limits allow.
 */
export class ZipArchive {
  private constructor(private readonly zip: yauzl.ZipFile, private readonly byName: Map<string, { entry: yauzl.Entry; info: ZipEntryInfo }>) {}

  /** @throws ArchiveError naming the first problem found. */
  static async open(path: string, limits: ZipLimits): Promise<ZipArchive> {
    let zip: yauzl.ZipFile;
    try {
      zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true });
    } catch (err) {
      throw new ArchiveError(`the file is not a ZIP archive (${(err as Error).message})`);
    }
    try {
      return new ZipArchive(zip, await readDirectory(zip, limits));
    } catch (err) {
      zip.close();
      throw err;
    }
  }

  get entries(): ZipEntryInfo[] {
    return [...this.byName.values()].map((e) => e.info);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** An entry's unpacked content. @throws ArchiveError when larger than `maxBytes` or corrupt. */
  async read(name: string, maxBytes: number): Promise<Buffer> {
    const found = this.byName.get(name);
    if (!found) throw new ArchiveError(`the ZIP has no ${name}`);
    if (found.info.uncompressedSize > maxBytes) throw new ArchiveError(`${name} is larger than ${maxBytes} bytes`);
    const chunks: Buffer[] = [];
    for await (const chunk of await this.stream(name)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** An entry's unpacked content as a stream; it fails if the data disagrees with the declared size. */
  async stream(name: string): Promise<Readable> {
    const found = this.byName.get(name);
    if (!found) throw new ArchiveError(`the ZIP has no ${name}`);
    try {
      return await this.zip.openReadStreamPromise(found.entry);
    } catch (err) {
      throw new ArchiveError(`${name} cannot be unpacked (${(err as Error).message})`);
    }
  }

  close(): void {
    this.zip.close();
  }
}

async function readDirectory(zip: yauzl.ZipFile, limits: ZipLimits) {
  if (zip.entryCount > limits.maxEntries) throw new ArchiveError(`the ZIP has ${zip.entryCount} entries, more than the limit of ${limits.maxEntries}`);
  const byName = new Map<string, { entry: yauzl.Entry; info: ZipEntryInfo }>();
  let unpacked = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', (err: Error) => reject(err instanceof ArchiveError ? err : new ArchiveError(`the ZIP is corrupt (${err.message})`)));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      const rawName = (entry.fileName as unknown as Buffer).toString('utf8');
      const unsafe = unsafeEntryName(rawName);
      if (unsafe) return reject(new ArchiveError(`the ZIP entry "${rawName}" ${unsafe}`));
      const name = archivePath(rawName);
      if (name === '') return zip.readEntry(); // the archive's root folder itself
      unpacked += entry.uncompressedSize;
      if (unpacked > limits.maxUnpackedBytes) {
        return reject(new ArchiveError(`the ZIP unpacks to more than the limit of ${limits.maxUnpackedBytes} bytes`));
      }
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize > RATIO_FLOOR && ratio > limits.maxCompressionRatio) {
        return reject(new ArchiveError(`the ZIP entry "${name}" has a compression ratio of ${Math.round(ratio)}, more than the limit of ${limits.maxCompressionRatio}`));
      }
      const info = { name, compressedSize: entry.compressedSize, uncompressedSize: entry.uncompressedSize, directory: name.endsWith('/'), crc32: entry.crc32 };
      byName.set(name, { entry, info });
      zip.readEntry();
    });
    zip.readEntry();
  });
  return byName;
}
