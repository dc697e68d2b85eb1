import { createHash } from 'node:crypto';
import { tar } from './tar';

/** The runtime configuration of an image (the OCI/Docker `config` object). */
export interface ImageConfig { Entrypoint?: string[]; Cmd?: string[]; Env?: string[]; WorkingDir?: string; ExposedPorts?: Record<string, object> }

/**
 * A layer stored compressed (gzip or zstd, which engines detect on load): `data` as written into
 * the archive, `diffId` the hex SHA-256 of the uncompressed tar, which names the layer.
 */
export interface PackedLayer { diffId: string; data: Buffer; createdBy?: string }

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const packed = (layer: Buffer | PackedLayer): PackedLayer => (Buffer.isBuffer(layer) ? { diffId: sha256(layer), data: layer } : layer);

/**
 * A `docker save` archive (what `docker load` and Podman's image-load endpoint read) of the given
 * layers (each a tar of a root filesystem's files, or a `PackedLayer`), tagged `repoTag`, for
 * linux/amd64. The config names each layer's digest, as engines check on load, and has one
 * history entry per layer, which image builders (Buildah, `podman build`) count when they build on
 * the image. The layers whose digests `without` names are listed but their blobs left out: platform
 * base layers, which the orchestrator adds (docs/microservices.md#platform-base-layers).
 */
export function dockerSaveArchive(layers: Array<Buffer | PackedLayer>, config: ImageConfig, repoTag: string, { without = [] }: { without?: string[] } = {}): Buffer {
  const all = layers.map(packed);
  const configJson = Buffer.from(JSON.stringify({
    architecture: 'amd64', os: 'linux', config,
    history: all.map((l) => ({ created_by: l.createdBy ?? 'berth' })),
    rootfs: { type: 'layers', diff_ids: all.map((l) => `sha256:${l.diffId}`) },
  }));
  const configName = `${sha256(configJson)}.json`;
  const manifest = JSON.stringify([{ Config: configName, RepoTags: [repoTag], Layers: all.map((l) => `${l.diffId}/layer.tar`) }]);
  return tar([
    { name: configName, data: configJson },
    ...all.filter((l) => !without.includes(l.diffId)).map((l) => ({ name: `${l.diffId}/layer.tar`, data: l.data })),
    { name: 'manifest.json', data: manifest },
  ]);
}
