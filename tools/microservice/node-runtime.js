// The Node 24 runtime for a microservice image: the node binary the project uses and the shared
// libraries it loads (from `ldd`), each at the path the dynamic loader looks for it, without what
// a running program never reads (debug information and symbol tables: see elf-strip.js).
const { execFileSync } = require('node:child_process');
const { existsSync, readFileSync, realpathSync } = require('node:fs');
const { join } = require('node:path');
const { stripElf } = require('./elf-strip');

const root = join(__dirname, '..', '..');

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

/** The files of the runtime as `{ name (inside the image, no leading /), data, mode }`. */
function runtimeFiles() {
  const node = nodeBinary();
  const files = [{ name: 'usr/local/bin/node', data: stripElf(readFileSync(node.path)), mode: 0o755 }];
  const ldd = execFileSync('ldd', [node.path], { encoding: 'utf8' });
  for (const line of ldd.split('\n')) {
    // "libm.so.6 => /lib/x86_64-linux-gnu/libm.so.6 (0x…)" or "/lib64/ld-linux-x86-64.so.2 (0x…)"
    const match = /=>\s*(\/\S+)/.exec(line) ?? /^\s*(\/\S+)\s/.exec(line);
    if (!match) continue;
    files.push({ name: match[1].replace(/^\/+/, ''), data: stripElf(readFileSync(realpathSync(match[1]))), mode: 0o755 });
  }
  return { files, version: node.version };
}

module.exports = { runtimeFiles };
