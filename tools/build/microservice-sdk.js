// npm run build:sdk: libs/microservice-sdk as the installable package @berth/microservice-sdk
// (docs/microservices.md#the-node-sdk). Compiles it with type declarations into
// dist/packages/microservice-sdk/ next to its package.json and README.md, then packs that folder with
// `npm pack` into dist/packages/berth-microservice-sdk-<version>.tgz, the file a microservice
// project installs and a registry publishes. Prints the tarball's path.
const { execFileSync } = require('node:child_process');
const { copyFileSync, mkdirSync, readFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
const source = join(root, 'libs', 'microservice-sdk');
const packages = join(root, 'dist', 'packages');
const folder = join(packages, 'microservice-sdk');

/** @returns {{ folder: string, tarball: string, version: string }} */
function buildSdkPackage() {
  const { name, version } = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
  rmSync(folder, { recursive: true, force: true });
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(source, 'tsconfig.package.json')], { cwd: root, stdio: 'inherit' });
  for (const file of ['package.json', 'README.md']) copyFileSync(join(source, file), join(folder, file));
  mkdirSync(packages, { recursive: true });
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packages], { cwd: folder, encoding: 'utf8' }));
  if (packed.name !== name) throw new Error(`npm packed ${packed.name}, not ${name}`);
  return { folder, tarball: join(packages, packed.filename), version };
}

module.exports = { buildSdkPackage, sdkFolder: folder };

if (require.main === module) {
  try {
    console.log(buildSdkPackage().tarball);
  } catch (err) {
    console.error(`building the SDK package failed: ${err.message}`);
    process.exit(1);
  }
}
