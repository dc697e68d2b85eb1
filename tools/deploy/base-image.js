// A Node 24 base image made without any registry, for building the Dockerfile locally
// (`--build-arg BASE=...`): a `docker save` archive of one layer holding the node binary and the
// Debian libraries it loads (the same runtime as a microservice image), the npm this machine has,
// dash as /bin/sh, env (npm's bin links start with `#!/usr/bin/env node`), the `node` user (uid 1000) that the Dockerfile switches to, and this machine's
// CA certificates (which Node is told to trust, so that npm in the build reaches the registry
// through whatever this machine trusts).
// Usage: node tools/deploy/base-image.js <out.tar> [repo:tag]
const { execFileSync } = require('node:child_process');
const { readdirSync, readFileSync, realpathSync, statSync, writeFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');
const { runtimeFiles } = require('../microservice/node-runtime');

const root = join(__dirname, '..', '..');
const CA_FILE = '/etc/ssl/certs/ca-certificates.crt';
const { dockerSaveArchive, parentDirectories, tar } = require(join(root, 'dist', 'libs', 'archives', 'src'));

const walk = (dir) => readdirSync(dir).flatMap((name) => {
  const path = join(dir, name);
  const stat = statSync(path);
  return stat.isDirectory() ? walk(path) : [{ path, mode: stat.mode & 0o777 }];
});

/** npm's own folder (the one the `npm` on PATH runs), placed where Node's images keep it. */
function npmFiles() {
  const cli = realpathSync(execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim());
  const dir = dirname(dirname(cli));
  const files = walk(dir).map((f) => ({ name: `usr/local/lib/node_modules/npm/${relative(dir, f.path)}`, data: readFileSync(f.path), mode: f.mode }));
  const wrapper = (script) => `#!/bin/sh\nexec /usr/local/bin/node /usr/local/lib/node_modules/npm/bin/${script} "$@"\n`;
  return [
    ...files,
    { name: 'usr/local/bin/npm', data: wrapper('npm-cli.js'), mode: 0o755 },
    { name: 'usr/local/bin/npx', data: wrapper('npx-cli.js'), mode: 0o755 },
  ];
}

function baseImage(repoTag) {
  const runtime = runtimeFiles();
  const shell = realpathSync('/bin/sh').endsWith('dash') ? realpathSync('/bin/sh') : realpathSync(execFileSync('sh', ['-c', 'command -v dash'], { encoding: 'utf8' }).trim());
  const files = [
    ...runtime.files,
    ...npmFiles(),
    { name: 'bin/sh', data: readFileSync(shell), mode: 0o755 },
    { name: 'usr/bin/env', data: readFileSync(realpathSync('/usr/bin/env')), mode: 0o755 },
    { name: 'etc/passwd', data: 'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000::/home/node:/bin/sh\n' },
    { name: 'etc/group', data: 'root:x:0:\nnode:x:1000:\n' },
    { name: CA_FILE.slice(1), data: readFileSync(CA_FILE) },
  ];
  const seen = new Set();
  const unique = files.filter((f) => !seen.has(f.name) && seen.add(f.name));
  const dirs = [{ name: 'tmp/', type: '5', mode: 0o1777 }, { name: 'root/', type: '5', mode: 0o700 }, { name: 'home/', type: '5' }, { name: 'home/node/', type: '5', mode: 0o777 }];
  const layer = tar([...parentDirectories(unique.map((f) => f.name)).filter((d) => !dirs.some((x) => x.name === d.name)), ...dirs, ...unique]);
  return dockerSaveArchive([layer], { Cmd: ['node'], Env: ['PATH=/usr/local/bin:/usr/bin:/bin', 'HOME=/root', `NODE_EXTRA_CA_CERTS=${CA_FILE}`] }, repoTag);
}

module.exports = { baseImage };

if (require.main === module) {
  const [out, repoTag = 'localhost/berth-base:node24'] = process.argv.slice(2);
  if (!out) { console.error('usage: node tools/deploy/base-image.js <out.tar> [repo:tag]'); process.exit(2); }
  writeFileSync(out, baseImage(repoTag));
  console.log(repoTag);
}
