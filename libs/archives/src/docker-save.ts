import { createHash } from 'node:crypto';
import { tar } from './tar';

/** The runtime configuration of an image (the OCI/Docker `config` object). */
export interface ImageConfig { Entrypoint?: string[]; Cmd?: string[]; Env?: string[]; WorkingDir?: string; ExposedPorts?: Record<string, object> }

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/**
 * A `docker save` archive (what `docker load` and Podman's image-load endpoint read) of the given
 * layers (each a tar of a root filesystem's files), tagged `repoTag`, for linux/amd64. The config
 * names each layer's digest, as engines check on load, and has one history entry per layer, which
 * image builders (Buildah, `podman build`) count when they build on the image.
 */
export function dockerSaveArchive(layers: Buffer[], config: ImageConfig, repoTag: string): Buffer {
  const diffIds = layers.map((layer) => sha256(layer));
  const configJson = Buffer.from(JSON.stringify({
    architecture: 'amd64', os: 'linux', config,
    history: layers.map(() => ({ created_by: 'berth' })),
    rootfs: { type: 'layers', diff_ids: diffIds.map((d) => `sha256:${d}`) },
  }));
  const configName = `${sha256(configJson)}.json`;
  const manifest = JSON.stringify([{ Config: configName, RepoTags: [repoTag], Layers: diffIds.map((d) => `${d}/layer.tar`) }]);
  return tar([
    { name: configName, data: configJson },
    ...layers.map((data, i) => ({ name: `${diffIds[i]}/layer.tar`, data })),
    { name: 'manifest.json', data: manifest },
  ]);
}
