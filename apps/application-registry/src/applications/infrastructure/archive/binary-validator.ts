import { dockerArchiveLayers, scanDockerArchive, TarFormatError, type ArchiveScan } from '@berth/archives';
import type { ApplicationType } from '../../domain/application';
import { checkManifest, SEMVER } from '../../domain/manifest';
import { ArchiveError, ZipArchive, ZipLimits } from './zip-archive';

const MANIFEST_MAX_BYTES = 1024 * 1024;

export interface BinaryContext { type: ApplicationType; brand: string; applicationName: string; fileName?: string; limits: ZipLimits }

/** What a valid binary brings: its version (from its manifest, if it names one) and its manifest. */
export interface ValidatedBinary { version?: string; manifest?: Record<string, unknown> }

/**
 * Checks the binary at `path` for an application of `ctx.type` (docs/api/applications.md): a ZIP
 * (limits of `ZipArchive`); MICROSERVICE: `<brand>.json` (a valid manifest) and `image.tar` (a
 * `docker save` archive with its manifest.json, config and layers, of which only a platform base
 * layer may be left out: docs/microservices.md#platform-base-layers), read as a stream; HOSTED:
 * `index.html` at the root; APAMA_CEP_RULE: exactly one `.mon` file. Other types take no binary.
 * @throws ArchiveError naming every problem found.
 */
export async function validateBinary(path: string, ctx: BinaryContext): Promise<ValidatedBinary> {
  if (!['MICROSERVICE', 'HOSTED', 'APAMA_CEP_RULE'].includes(ctx.type)) {
    throw new ArchiveError(`an application of type ${ctx.type} takes no binary`);
  }
  const zip = await ZipArchive.open(path, ctx.limits);
  try {
    if (ctx.type === 'MICROSERVICE') return await microservice(zip, ctx);
    if (ctx.type === 'HOSTED') return await webApplication(zip, ctx);
    const rules = zip.entries.filter((e) => !e.directory && e.name.toLowerCase().endsWith('.mon'));
    if (rules.length !== 1) throw new ArchiveError(`a custom rule application's ZIP must hold exactly one .mon file, found ${rules.length}`);
    return {};
  } finally {
    zip.close();
  }
}

async function readJson(zip: ZipArchive, name: string): Promise<unknown> {
  const data = await zip.read(name, MANIFEST_MAX_BYTES);
  try {
    return JSON.parse(data.toString('utf8'));
  } catch {
    throw new ArchiveError(`${name} is not valid JSON`);
  }
}

async function microservice(zip: ZipArchive, ctx: BinaryContext): Promise<ValidatedBinary> {
  const manifestName = `${ctx.brand}.json`;
  const missing = [manifestName, 'image.tar'].filter((name) => !zip.has(name));
  if (missing.length > 0) throw new ArchiveError(`a microservice ZIP must hold ${manifestName} and image.tar at its root; missing: ${missing.join(', ')}`);
  const zipName = ctx.fileName?.replace(/\.zip$/i, '').replace(/-\d+\.\d+\.\d+.*$/, '');
  const checked = checkManifest(await readJson(zip, manifestName), [ctx.applicationName, zipName]);
  if (!checked.ok) throw new ArchiveError(`${manifestName} is invalid: ${checked.problems.join('; ')}`);
  let scan: ArchiveScan;
  try {
    scan = await scanDockerArchive(await zip.stream('image.tar'), ctx.limits.maxEntries);
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    const reason = err instanceof TarFormatError ? err.message : `it cannot be unpacked (${(err as Error).message})`;
    throw new ArchiveError(`image.tar is not a docker save archive: ${reason}`);
  }
  const { problems } = dockerArchiveLayers(scan);
  if (problems.length > 0) throw new ArchiveError(problems.join('; '));
  return { version: checked.manifest.version, manifest: checked.manifest };
}

async function webApplication(zip: ZipArchive, ctx: BinaryContext): Promise<ValidatedBinary> {
  if (!zip.has('index.html')) throw new ArchiveError('a web application\'s ZIP must hold index.html at its root');
  const manifestName = `${ctx.brand}.json`;
  if (!zip.has(manifestName)) return {};
  const manifest = await readJson(zip, manifestName);
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) throw new ArchiveError(`${manifestName} must be a JSON object`);
  const version = (manifest as { version?: unknown }).version;
  return { manifest: manifest as Record<string, unknown>, ...(typeof version === 'string' && SEMVER.test(version) ? { version } : {}) };
}
