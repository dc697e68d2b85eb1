import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { request } from 'undici';
import * as yauzl from 'yauzl';
import { Principal, PRINCIPAL_HEADER, signPrincipal } from '@berth/auth';

/** A binary that cannot be used: the registry does not have it, or it holds no `image.tar`. Retrying will not help. */
export class BrokenBinaryError extends Error {}

/**
 * Reads microservice binaries from the registry over internal HTTP
 * (`GET /application/applications/{id}/binaries/{binaryId}`), as an internal principal of the
 * application's owner tenant. The ZIP is kept in a temporary file while its `image.tar` is
 * streamed out, and removed afterwards.
 */
export class RegistryBinaries {
  constructor(private readonly registryUrl: string, private readonly internalKey: string) {}

  /**
   * Calls `use` with a function that opens `image.tar` of the binary as a stream, from its start each
   * time it is called; the temporary file is gone when `use` settles.
   * @throws BrokenBinaryError when the registry answers 404 or the ZIP has no readable `image.tar`; Error for other failures.
   */
  async withImage<T>(applicationId: string, binaryId: string, ownerTenant: string, use: (openImage: () => Promise<Readable>) => Promise<T>): Promise<T> {
    const principal: Principal = { tenant: ownerTenant, user: 'microservice-orchestrator', roles: ['ROLE_APPLICATION_MANAGEMENT_READ'], kind: 'internal' };
    const dir = await mkdtemp(join(tmpdir(), 'berth-binary-'));
    try {
      const res = await request(`${this.registryUrl.replace(/\/$/, '')}/application/applications/${encodeURIComponent(applicationId)}/binaries/${encodeURIComponent(binaryId)}`, {
        headers: { [PRINCIPAL_HEADER]: signPrincipal(principal, this.internalKey) }, headersTimeout: 30_000, bodyTimeout: 300_000,
      });
      if (res.statusCode === 404) {
        await res.body.dump();
        throw new BrokenBinaryError(`the registry has no binary ${binaryId} of application ${applicationId}`);
      }
      if (res.statusCode !== 200) {
        const text = await res.body.text();
        throw new Error(`the registry answered ${res.statusCode} for binary ${binaryId}: ${text.slice(0, 200)}`);
      }
      const file = join(dir, 'binary.zip');
      await pipeline(res.body, createWriteStream(file));
      const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true }).catch((err) => {
        throw new BrokenBinaryError(`binary ${binaryId} is not a ZIP archive (${(err as Error).message})`);
      });
      try {
        const entry = await findEntry(zip, 'image.tar');
        if (!entry) throw new BrokenBinaryError(`binary ${binaryId} holds no image.tar`);
        return await use(() => zip.openReadStreamPromise(entry));
      } finally {
        zip.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

function findEntry(zip: yauzl.ZipFile, name: string): Promise<yauzl.Entry | undefined> {
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => (entry.fileName === name ? resolve(entry) : zip.readEntry()));
    zip.on('end', () => resolve(undefined));
    zip.on('error', reject);
    zip.readEntry();
  });
}
