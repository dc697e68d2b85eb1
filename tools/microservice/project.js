// What goes into a microservice's image from its folder (docs/microservices.md#packaging), as
// `{ name (inside the image, no leading /), data, mode }` files split into the SDK's and the
// service's own, plus the entry point. Two kinds of folders:
// - a project: a folder with package.json. Its `npm run build` runs first when it has one; its own
//   files are those `npm pack` would publish (package.json `files`, .npmignore), under /app; its
//   production dependencies come from its node_modules, under /app/node_modules; the entry point is
//   its `main`.
// - an example of this repository (examples/<name>, no package.json): its code compiled by the
//   repository's build under dist/<folder>/src, the @berth libraries it requires, entry src/main.js.
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, readFileSync, realpathSync, statSync } = require('node:fs');
const { join, relative, resolve, sep } = require('node:path');

const root = join(__dirname, '..', '..');
const dist = join(root, 'dist');
const SDK = '@berth/microservice-sdk';
/** The built SDK package (npm run build:sdk), what an example of this repository gets as the SDK. */
const BUILT_SDK = join(dist, 'packages', 'microservice-sdk');

const modeOf = (path) => (statSync(path).mode & 0o111 ? 0o755 : 0o644);
const file = (name, path) => ({ name, data: readFileSync(path), mode: modeOf(path) });

/** Every file under `dir` (following links), without `skip` folders, as paths relative to `dir`. */
function walk(dir, skip = new Set(), base = dir) {
  return readdirSync(dir).sort().flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return skip.has(entry) ? [] : walk(path, skip, base);
    return [relative(base, path).split(sep).join('/')];
  });
}

/** A package folder's files (not its own node_modules) placed under `at` in the image. */
const packageFiles = (dir, at) => walk(dir, new Set(['node_modules'])).map((rel) => file(`${at}/${rel}`, join(dir, rel)));

/**
 * Runs npm in `cwd` and answers its stdout; npm's own error summary becomes the error's message.
 * With `shown`, everything npm and what it runs print goes to stderr instead.
 */
function npm(args, cwd, { shown = false } = {}) {
  try {
    return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', shown ? 2 : 'pipe', shown ? 2 : 'pipe'], maxBuffer: 64 * 1048576 });
  } catch (err) {
    const summary = /npm error (.+)/.exec(String(err.stderr ?? ''))?.[1];
    throw new Error(`npm ${args[0] === 'run' ? `run ${args[1]}` : args[0]} in ${cwd} failed: ${summary ?? (err.status ? `exit code ${err.status}` : err.message)}`);
  }
}

/**
 * The installed production dependencies of the project at `top` (`dependencies`, and the
 * `optionalDependencies` present), transitively, each resolved as Node does: from the requiring
 * package's folder up to `top`. @returns Map of the path inside the project (`node_modules/...`) to the folder.
 * @throws Error naming a dependency that is not installed.
 */
function productionDependencies(top) {
  const found = new Map();
  const queue = [{ dir: top, at: '' }];
  while (queue.length) {
    const { dir, at } = queue.shift();
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const optional = pkg.optionalDependencies ?? {};
    for (const dep of Object.keys({ ...pkg.dependencies, ...optional })) {
      let place = at;
      let where;
      for (;;) {
        const candidate = join(top, place, 'node_modules', dep);
        if (existsSync(join(candidate, 'package.json'))) { where = { dir: candidate, at: `${place ? `${place}/` : ''}node_modules/${dep}` }; break; }
        if (!place) break;
        place = place.split('/node_modules/').slice(0, -1).join('/node_modules/');
      }
      if (!where) {
        if (dep in optional) continue;
        throw new Error(`${pkg.name ?? dir} needs ${dep}, which is not installed; run npm install`);
      }
      if (found.has(where.at)) continue;
      found.set(where.at, realpathSync(where.dir));
      queue.push({ dir: where.dir, at: where.at });
    }
  }
  return found;
}

const readPackage = (folder) => JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
/** A project's entry point, relative to its folder: package.json `main`, else index.js. */
const mainOf = (pkg) => (pkg.main ?? 'index.js').replace(/^\.\//, '');

/** Runs a project's `npm run build` when it has one; its output goes to stderr, so that stdout keeps the command's result. */
function buildProject(folder, pkg = readPackage(folder)) {
  if (pkg.scripts?.build) npm(['run', 'build'], folder, { shown: true });
}

/** A project: a folder with package.json (see the top of this file); `zipName` is the package being written, never part of it. */
function npmProject(folder, { build, zipName }) {
  const pkg = readPackage(folder);
  if (build) buildProject(folder, pkg);
  const main = mainOf(pkg);
  const [packed] = JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], folder));
  const own = packed.files.map((f) => f.path).filter((path) => path !== zipName);
  if (!own.includes(main)) {
    throw new Error(`package.json main ${main} is not among the files npm would publish${pkg.scripts?.build ? '' : ' (does it need a build?)'}: ${own.join(', ')}`);
  }
  const app = own.map((rel) => file(`app/${rel}`, join(folder, rel)));
  let sdk = [];
  let sdkVersion;
  for (const [at, dir] of productionDependencies(folder)) {
    if (at === `node_modules/${SDK}`) {
      sdk = packageFiles(dir, `app/${at}`);
      sdkVersion = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
    } else {
      app.push(...packageFiles(dir, `app/${at}`));
    }
  }
  return { entry: `/app/${main}`, app, sdk, sdkVersion };
}

/** The compiled @berth libraries the files require, transitively, as Map of library name to its compiled folder. */
function berthLibraries(files) {
  const found = new Map();
  const queue = [...files];
  while (queue.length) {
    const text = readFileSync(queue.shift(), 'utf8');
    for (const [, lib] of text.matchAll(/require\("@berth\/([a-z-]+)"\)/g)) {
      if (found.has(lib)) continue;
      const dir = join(dist, 'libs', lib, 'src');
      if (!existsSync(dir)) throw new Error(`@berth/${lib} is not built; run npm run build`);
      found.set(lib, dir);
      if (`@berth/${lib}` !== SDK) queue.push(...walk(dir).filter((f) => f.endsWith('.js')).map((f) => join(dir, f)));
    }
  }
  return found;
}

/** Where the repository's build puts an example's compiled code. @throws Error when its main.js is not built. */
function compiledExample(folder) {
  const compiled = join(dist, relative(root, folder), 'src');
  if (!existsSync(join(compiled, 'main.js'))) throw new Error(`${relative(root, compiled)}/main.js is missing; run npm run build`);
  return compiled;
}

/** An example of this repository (see the top of this file). */
function repositoryExample(folder, manifest) {
  const compiled = compiledExample(folder);
  const js = walk(compiled).filter((f) => f.endsWith('.js'));
  const app = [
    ...js.map((rel) => file(`app/src/${rel}`, join(compiled, rel))),
    { name: 'app/package.json', data: JSON.stringify({ name: manifest.name, version: manifest.version, private: true }), mode: 0o644 },
  ];
  let sdk = [];
  let sdkVersion;
  for (const [lib, dir] of berthLibraries(js.map((rel) => join(compiled, rel)))) {
    const at = `app/node_modules/@berth/${lib}`;
    if (`@berth/${lib}` === SDK) {
      if (!existsSync(join(BUILT_SDK, 'package.json'))) throw new Error(`${SDK} is not built as a package; run npm run build`);
      sdk = packageFiles(BUILT_SDK, at);
      sdkVersion = JSON.parse(readFileSync(join(BUILT_SDK, 'package.json'), 'utf8')).version;
      continue;
    }
    app.push({ name: `${at}/package.json`, data: JSON.stringify({ name: `@berth/${lib}`, private: true, main: 'src/index.js' }), mode: 0o644 });
    app.push(...walk(dir).filter((f) => f.endsWith('.js')).map((rel) => file(`${at}/src/${rel}`, join(dir, rel))));
  }
  return { entry: '/app/src/main.js', app, sdk, sdkVersion };
}

/**
 * The image's content for the microservice in `folder`.
 * @returns {{ entry: string, app: object[], sdk: object[], sdkVersion?: string, kind: 'project' | 'example' }}
 */
function projectContent(folder, manifest, { build = true } = {}) {
  const dir = resolve(folder);
  if (projectKind(folder) === 'project') return { kind: 'project', ...npmProject(dir, { build, zipName: `${manifest.name}.zip` }) };
  return { kind: 'example', ...repositoryExample(dir, manifest) };
}

/** Which of the two kinds of folders `folder` is. @throws Error when it is neither. */
function projectKind(folder) {
  const dir = resolve(folder);
  if (existsSync(join(dir, 'package.json'))) return 'project';
  const inRepository = !relative(root, dir).startsWith('..');
  if (!inRepository) throw new Error(`${folder} has no package.json: a microservice project needs one (berth microservice init makes a new project)`);
  return 'example';
}

/**
 * The file that starts the microservice in `folder` on this machine, by the same rules as the
 * image's entry point: a project's `main` (after its `npm run build` when `build`), an example's
 * compiled src/main.js. @returns {{ kind: 'project' | 'example', entry: string }}
 */
function localEntry(folder, { build = true } = {}) {
  const dir = resolve(folder);
  const kind = projectKind(dir);
  if (kind === 'example') return { kind, entry: join(compiledExample(dir), 'main.js') };
  const pkg = readPackage(dir);
  if (build) buildProject(dir, pkg);
  const entry = join(dir, mainOf(pkg));
  if (!existsSync(entry)) throw new Error(`package.json main ${mainOf(pkg)} does not exist${pkg.scripts?.build ? '' : ' (does it need a build?)'}`);
  return { kind, entry };
}

module.exports = { projectContent, localEntry };
