// Reading `docker save` archives (the image.tar of a microservice ZIP) as a stream: which images and
// layers the archive describes, which of those it holds, and which of the missing ones are platform
// base layers that the orchestrator adds itself (docs/microservices.md#platform-base-layers).
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isRuntimeCreatedBy } from './runtime-layer';
import { ArchiveEntry, TarHeaderReader } from './tar-reader';

/** How `docker save` names an image config at the archive's root. */
const CONFIG_NAME = /^[0-9a-f]{64}\.json$/;
/** How `docker save` (and `berth package`) names a layer: by its digest. */
const LAYER_PATH = /^([0-9a-f]{64})\/layer\.tar$/;
/** Configs kept while reading an archive, each up to 1 MB: an image has one. */
const MAX_CONFIGS = 4;

/** What reading an archive found: its entries, its manifest.json and configs, and where its end-of-archive blocks start. */
export interface ArchiveScan { entries: ArchiveEntry[]; captured: Map<string, Buffer>; end: number }

/**
 * Reads the tar stream of a `docker save` archive, keeping only the headers, manifest.json and the
 * image configs at its root. @throws TarFormatError when it is not a tar archive.
 */
export async function scanDockerArchive(archive: Readable, maxEntries?: number): Promise<ArchiveScan> {
  let configs = 0;
  const reader = new TarHeaderReader({ maxEntries, capture: (name) => name === 'manifest.json' || (CONFIG_NAME.test(name) && configs++ < MAX_CONFIGS) });
  await pipeline(archive, reader);
  return { entries: reader.entries, captured: reader.captured, end: reader.entriesEnd ?? 0 };
}

/**
 * One layer of an image: the path the manifest names, its entry when the archive holds it, its
 * digest (from the config's diff_ids) and whether the config's history marks it as Berth's Node runtime.
 */
export interface ImageLayer { path: string; entry?: ArchiveEntry; diffId?: string; runtime: boolean }

/** A layer the archive leaves out that the platform provides: the runtime layer, named by its digest. */
export const isBaseLayer = (l: ImageLayer): boolean => !l.entry && l.runtime && l.diffId !== undefined && LAYER_PATH.exec(l.path)?.[1] === l.diffId;

function parse(data: Buffer | undefined): unknown {
  try {
    return data === undefined ? undefined : JSON.parse(data.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Each layer's digest and whether it is a runtime layer, by the layer's position, from an image config. */
function configLayers(config: unknown): Array<{ diffId?: string; runtime: boolean }> {
  const { rootfs, history } = (config ?? {}) as { rootfs?: { diff_ids?: unknown }; history?: unknown };
  const diffIds = Array.isArray(rootfs?.diff_ids) ? rootfs.diff_ids : [];
  const steps = (Array.isArray(history) ? history : []).filter((h) => !(h as { empty_layer?: boolean })?.empty_layer);
  return diffIds.map((id, i) => ({
    ...(typeof id === 'string' && id.startsWith('sha256:') ? { diffId: id.slice(7) } : {}),
    runtime: isRuntimeCreatedBy((steps[i] as { created_by?: unknown } | undefined)?.created_by),
  }));
}

/**
 * The layers of every image a `docker save` archive describes, and what is wrong with it: its
 * manifest.json must be a non-empty JSON list of `{Config, Layers[]}` whose config is an entry of
 * the archive and whose every layer is either an entry or a platform base layer (`isBaseLayer`).
 * `problems` is empty when nothing is.
 */
export function dockerArchiveLayers(scan: Pick<ArchiveScan, 'entries' | 'captured'>): { layers: ImageLayer[]; problems: string[] } {
  const manifestJson = scan.captured.get('manifest.json');
  if (manifestJson === undefined) return { layers: [], problems: ['image.tar has no manifest.json: it is not a docker save archive'] };
  const manifest = parse(manifestJson);
  if (manifest === undefined) return { layers: [], problems: ['image.tar\'s manifest.json is not valid JSON'] };
  if (!Array.isArray(manifest) || manifest.length === 0) return { layers: [], problems: ['image.tar\'s manifest.json must be a non-empty list of images'] };
  const files = new Map(scan.entries.filter((e) => e.type === '0' || e.type === '\0' || e.type === '7').map((e) => [e.name, e]));
  const problems: string[] = [];
  const layers: ImageLayer[] = [];
  manifest.forEach((image: unknown, i) => {
    const { Config, Layers } = (image ?? {}) as { Config?: unknown; Layers?: unknown };
    if (typeof Config !== 'string') problems.push(`image.tar manifest.json[${i}].Config is missing`);
    else if (!files.has(Config)) problems.push(`image.tar lacks the image config ${Config}`);
    if (!Array.isArray(Layers) || Layers.some((l) => typeof l !== 'string')) {
      problems.push(`image.tar manifest.json[${i}].Layers must be a list of paths`);
      return;
    }
    const fromConfig = configLayers(typeof Config === 'string' ? parse(scan.captured.get(Config)) : undefined);
    (Layers as string[]).forEach((path, at) => {
      const entry = files.get(path);
      const layer: ImageLayer = { path, ...(entry ? { entry } : {}), ...fromConfig[at], runtime: fromConfig[at]?.runtime ?? false };
      if (!entry && !isBaseLayer(layer)) problems.push(`image.tar lacks the layer ${path}`);
      layers.push(layer);
    });
  });
  return { layers, problems };
}
