// berth microservice init <name>: a new microservice project in the folder <name> (docs/cli.md#init,
// docs/first-microservice.md): package.json depending on the SDK, cumulocity.json, src/main.js (a
// greeter on the SDK), a test run by Node's own test runner, .gitignore and a README of the next
// steps. The SDK comes from the package this repository builds, copied into vendor/ so that the
// project installs it without any registry; --sdk names another tarball, or a version to take from
// a registry.
const { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } = require('node:fs');
const { basename, join, resolve } = require('node:path');

const ROOT = join(__dirname, '..', '..', '..');
const TEMPLATE = join(__dirname, '..', 'templates', 'microservice');
const SDK = '@berth/microservice-sdk';
const NAME = /^[a-z0-9-]{1,23}$/;

/** The tarball this repository builds (npm run build:sdk) for the SDK version in libs/microservice-sdk. */
function builtSdkTarball() {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'libs', 'microservice-sdk', 'package.json'), 'utf8'));
  return join(ROOT, 'dist', 'packages', `berth-microservice-sdk-${version}.tgz`);
}

/**
 * How the project depends on the SDK: a tarball (given or built here) is copied into vendor/ and
 * referenced as `file:`; anything else is a version range for a registry.
 * @returns {{ spec: string, tarball?: string }}
 */
function sdkDependency(sdk, cwd) {
  if (sdk !== undefined && !sdk.endsWith('.tgz')) return { spec: sdk };
  const tarball = sdk === undefined ? builtSdkTarball() : resolve(cwd, sdk);
  if (!existsSync(tarball)) {
    throw new Error(sdk === undefined ? `the SDK package ${basename(tarball)} is not built; run bash tools/berth build` : `${sdk} does not exist`);
  }
  return { spec: `file:vendor/${basename(tarball)}`, tarball };
}

const manifest = (name) => ({
  apiVersion: '2',
  name,
  version: '1.0.0',
  provider: { name },
  isolation: 'MULTI_TENANT',
  requiredRoles: [],
  roles: [],
  resources: { cpu: '0.5', memory: '128M' },
  livenessProbe: { httpGet: { path: '/health', port: 80 }, initialDelaySeconds: 1, periodSeconds: 10, timeoutSeconds: 2, failureThreshold: 3 },
  readinessProbe: { httpGet: { path: '/health', port: 80 }, initialDelaySeconds: 0, periodSeconds: 2, timeoutSeconds: 2, failureThreshold: 3 },
});

const packageJson = (name, sdkSpec) => ({
  name,
  version: '1.0.0',
  private: true,
  description: `${name}, a microservice for Berth`,
  main: 'src/main.js',
  files: ['src'],
  scripts: { start: 'node src/main.js', test: 'node --test' },
  dependencies: { [SDK]: sdkSpec },
});

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
const template = (file) => readFileSync(join(TEMPLATE, file), 'utf8');

async function run({ args, options, out, cwd }) {
  const { name } = args;
  if (!NAME.test(name)) throw new Error(`${name}: a microservice's name is 1–23 lowercase letters, digits or -`);
  const dir = resolve(cwd, name);
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} exists and is not empty`);
  const sdk = sdkDependency(options.sdk, cwd);

  mkdirSync(join(dir, 'src'), { recursive: true });
  mkdirSync(join(dir, 'test'), { recursive: true });
  if (sdk.tarball) {
    mkdirSync(join(dir, 'vendor'));
    copyFileSync(sdk.tarball, join(dir, 'vendor', basename(sdk.tarball)));
  }
  const vendorRow = sdk.tarball ? `| \`vendor/${basename(sdk.tarball)}\` | the SDK package, installed from here: no registry needed |\n` : '';
  const files = {
    'package.json': json(packageJson(name, sdk.spec)),
    'cumulocity.json': json(manifest(name)),
    'src/main.js': template('src/main.js'),
    'test/main.test.js': template('test/main.test.js'),
    '.gitignore': template('gitignore'),
    'README.md': template('README.md').replaceAll('{{name}}', name).replaceAll('{{berth}}', join(ROOT, 'tools', 'berth')).replace('{{vendorRow}}\n', vendorRow),
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  out(`created ${name}/ with ${Object.keys(files).join(', ')}${sdk.tarball ? `, vendor/${basename(sdk.tarball)}` : ''}`);
  out(`next: cd ${name} && npm install && npm test; then berth microservice package (see ${name}/README.md)`);
  return 0;
}

module.exports = { run };
