// The Node 24 runtime of a microservice image, from the node binary the project uses: the layer is
// made by the shared code of libs/archives (runtime-layer.ts), which the orchestrator uses too, so
// that both make the same layer from the same Node (docs/microservices.md#platform-base-layers).
const { execFileSync } = require('node:child_process');
const { existsSync, realpathSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
const archives = require(join(root, 'dist', 'libs', 'archives', 'src'));

/**
 * The node binary: `$BERTH_LOCAL/node/bin/node` (where the project installs Node 24 when the
 * system's is older), else the running node. Refuses anything but major version 24.
 */
function nodeBinary() {
  const local = join(process.env.BERTH_LOCAL || join(root, '.local'), 'node', 'bin', 'node');
  const binary = existsSync(local) ? local : process.execPath;
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  if (!/^v24\./.test(version)) throw new Error(`${binary} is Node ${version}; the image needs Node 24 (run npm start once to install it)`);
  return { path: realpathSync(binary), version };
}

/** The files of the runtime as `{ name (inside the image, no leading /), data, mode }`, and the Node version. */
function runtimeFiles() {
  const node = nodeBinary();
  return { files: archives.runtimeFiles(node.path), version: node.version };
}

/** The runtime layer, uncompressed: `{ diffId, data, createdBy }`, and the Node version. */
function runtimeLayer() {
  const node = nodeBinary();
  return { ...archives.runtimeLayer(node.path, node.version), version: node.version };
}

module.exports = { runtimeFiles, runtimeLayer };
