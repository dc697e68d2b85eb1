// The Node runtime layer of a microservice image (docs/microservices.md#the-image): a node binary and
// the shared libraries it loads, each at the path the dynamic loader looks for it, without what a
// running program never reads (elf-strip.ts), and /tmp. The CLI makes it from the Node it packages
// with; the orchestrator makes it from its own Node, so that it can add the layer to an image
// packaged without it: the same binary and libraries make the same layer, byte for byte.
import { readFileSync, realpathSync } from 'node:fs';
import { sharedLibraries } from './elf-libraries';
import { stripElf } from './elf-strip';
import { LayerFile, layerTar, LayerTar } from './image-layers';

/** What the image config's history says of the runtime layer: it marks the layer a platform base layer. */
export const runtimeCreatedBy = (version: string): string => `berth: Node ${version} runtime`;

/** Whether a history entry's `created_by` is that of a runtime layer. */
export const isRuntimeCreatedBy = (createdBy: unknown): boolean => typeof createdBy === 'string' && /^berth: Node v\d+\.\d+\.\d+ runtime$/.test(createdBy);

/** The files of the runtime of the node binary at `nodePath`, as `{ name (inside the image, no leading /), data, mode }`. */
export function runtimeFiles(nodePath: string): LayerFile[] {
  const node = realpathSync(nodePath);
  return [
    { name: 'usr/local/bin/node', data: stripElf(readFileSync(node)), mode: 0o755 },
    ...sharedLibraries(node).map((path) => ({ name: path.replace(/^\/+/, ''), data: stripElf(readFileSync(realpathSync(path))), mode: 0o755 })),
  ];
}

/** The runtime layer (uncompressed) of the node binary at `nodePath`, which is Node `version` (`v24.x.y`). */
export function runtimeLayer(nodePath: string, version: string): LayerTar & { createdBy: string } {
  return { ...layerTar(runtimeFiles(nodePath), [{ name: 'tmp/', mode: 0o1777 }]), createdBy: runtimeCreatedBy(version) };
}
