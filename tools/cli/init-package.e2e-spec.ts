import { execFile, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { zstdDecompressSync } from 'node:zlib';
import { admin, basic, engine, eventually, gw, removeStackContainers, stackContainers, testStack, uniqueName } from '@berth/testing';

const ROOT = join(__dirname, '..', '..');
const CLI = join(__dirname, 'berth-microservice.js');
const SDK_VERSION = JSON.parse(readFileSync(join(ROOT, 'libs', 'microservice-sdk', 'package.json'), 'utf8')).version;
const SDK_TARBALL = join(ROOT, 'dist', 'packages', `berth-microservice-sdk-${SDK_VERSION}.tgz`);
const execFileP = promisify(execFile);

interface Run { code: number; stdout: string; stderr: string }

/** Runs a program to its end; a non-zero exit is an answer, not a failure. */
async function run(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  try {
    const { stdout, stderr } = await execFileP(file, args, { cwd, env: { ...process.env, ...env }, maxBuffer: 256 * 1048576 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? String(err) };
  }
}

const berth = (args: string[], cwd: string) =>
  run(process.execPath, [CLI, ...args], cwd, { BERTH_URL: testStack.gatewayUrl, BERTH_USER: admin()[0], BERTH_PASSWORD: admin()[1] });

/** The files of a ZIP, read by Python's zipfile (not by our own reader), as name → bytes. */
function unzip(zipPath: string, into: string): Map<string, Buffer> {
  mkdirSync(into, { recursive: true });
  const names: string[] = JSON.parse(execFileSync('python3', ['-c',
    'import json,sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); z.extractall(sys.argv[2]); print(json.dumps(z.namelist()))', zipPath, into], { encoding: 'utf8' }));
  return new Map(names.map((n) => [n, readFileSync(join(into, n))]));
}

/** `berth microservice logs --follow` running in `cwd` until `stop()` sends it SIGINT (Ctrl-C). */
function follower(cwd: string) {
  const child = spawn(process.execPath, [CLI, 'logs', '--follow'], {
    cwd, env: { ...process.env, BERTH_URL: testStack.gatewayUrl, BERTH_USER: admin()[0], BERTH_PASSWORD: admin()[1] },
  });
  const output: Run = { code: -1, stdout: '', stderr: '' };
  child.stdout.on('data', (c) => { output.stdout += c; });
  child.stderr.on('data', (c) => { output.stderr += c; });
  const exited = new Promise<Run>((resolve) => child.on('exit', (code) => resolve({ ...output, code: code ?? -1 })));
  return { output, stop: () => { child.kill('SIGINT'); return exited; } };
}

/** Calls `call` ten times a second, none waiting for the one before, until stopped; every answer in the order sent. */
function steadyLoad<T>(call: () => Promise<T>) {
  const answers: Promise<T>[] = [];
  let settled = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      answers.push(call().finally(() => { settled += 1; }));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    /** Waits until `more` answers came in after this call. */
    async more(more: number) {
      const from = settled;
      await eventually(() => settled, (n) => n >= from + more, { timeoutMs: 30000, what: `${more} more answers` });
    },
    async stop(): Promise<T[]> {
      running = false;
      await loop;
      return Promise.all(answers);
    },
  };
}

/** The engine's images of the binaries `binaryIds` (the orchestrator tags them `berth-binary:<binaryId>`). */
async function imagesOf(binaryIds: string[]): Promise<string[]> {
  const tags = (await engine()!.listImages()).flatMap((image) => image.RepoTags ?? []);
  return tags.filter((tag) => binaryIds.some((id) => tag.endsWith(`/berth-binary:${id}`)));
}

interface Layer { diffId: string; packed: number; files: string[]; held: boolean }

/**
 * The image of a microservice ZIP, read with GNU tar: its config and each layer, the layer
 * decompressed and its digest checked against the config's diff_ids; a layer the archive leaves
 * out (a platform base layer) with the config's digest and no files.
 */
async function image(zipPath: string): Promise<{ manifest: any; config: any; layers: Layer[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'berth-image-'));
  try {
    const files = unzip(zipPath, dir);
    const tarOut = async (member: string) => (await execFileP('tar', ['-xOf', join(dir, 'image.tar'), member], { encoding: 'buffer', maxBuffer: 256 * 1048576 })).stdout;
    const [entry] = JSON.parse((await tarOut('manifest.json')).toString('utf8'));
    const config = JSON.parse((await tarOut(entry.Config)).toString('utf8'));
    const members = (await execFileP('tar', ['-tf', join(dir, 'image.tar')], { encoding: 'utf8' })).stdout.split('\n');
    const layers: Layer[] = [];
    for (const [i, name] of (entry.Layers as string[]).entries()) {
      if (!members.includes(name)) {
        layers.push({ diffId: config.rootfs.diff_ids[i].replace(/^sha256:/, ''), packed: 0, files: [], held: false });
        continue;
      }
      const packed = await tarOut(name);
      const layer = zstdDecompressSync(packed);
      const diffId = createHash('sha256').update(layer).digest('hex');
      expect(`sha256:${diffId}`).toBe(config.rootfs.diff_ids[i]);
      writeFileSync(join(dir, 'layer.tar'), layer);
      const listing = (await execFileP('tar', ['-tf', join(dir, 'layer.tar')], { encoding: 'utf8', maxBuffer: 64 * 1048576 })).stdout;
      layers.push({ diffId, packed: packed.length, files: listing.split('\n').filter((f) => f && !f.endsWith('/')), held: true });
    }
    return { manifest: JSON.parse(files.get('cumulocity.json')!.toString('utf8')), config, layers };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A new microservice made with `berth microservice init` in a folder outside the repository
 * (docs/first-microservice.md): it installs the SDK package without any registry, passes its own
 * tests, packages into an image whose runtime and SDK layers are those of every other
 * microservice (the runtime left out of the ZIP unless --self-contained), deploys through the
 * gateway and answers there.
 */
describe('berth microservice init and package: a new project outside the repository', () => {
  const work = mkdtempSync(join(tmpdir(), 'berth-init-e2e-'));
  const name = uniqueName('greeter');
  const project = join(work, name);
  const zipPath = join(project, `${name}.zip`);
  let helloZip = '';

  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    if (helloZip) rmSync(helloZip, { force: true });
    const left = (await gw(`/application/applicationsByName/${name}`, { as: admin() })).body?.applications ?? [];
    for (const app of left) await gw(`/application/applications/${app.id}?force=true`, { method: 'DELETE', as: admin() });
    await removeStackContainers(testStack.dbPrefix);
  }, 120000);

  it('runs outside the repository', () => {
    expect(relative(ROOT, work).startsWith('..')).toBe(true);
    expect(existsSync(SDK_TARBALL)).toBe(true);
  });

  it('init makes a project that installs the SDK offline and passes its own tests', async () => {
    // init and package work on local files: no credentials needed.
    const init = await run(process.execPath, [CLI, 'init', name], work, { BERTH_USER: '', BERTH_PASSWORD: '' });
    expect(init).toMatchObject({ code: 0, stderr: '' });
    for (const file of ['package.json', 'cumulocity.json', 'src/main.js', 'test/main.test.js', '.gitignore', 'README.md', `vendor/berth-microservice-sdk-${SDK_VERSION}.tgz`]) {
      expect(existsSync(join(project, file))).toBe(true);
    }
    expect(JSON.parse(readFileSync(join(project, 'cumulocity.json'), 'utf8'))).toMatchObject({ name, version: '1.0.0' });
    expect(await berth(['init', name], work)).toMatchObject({ code: 1, stderr: expect.stringMatching(/^init failed: .* exists and is not empty\n$/) });
    expect(await berth(['init', 'Not_A_Name'], work)).toMatchObject({ code: 1, stderr: expect.stringContaining('lowercase letters') });

    // --offline: npm may use nothing but what is on this machine; the SDK comes from vendor/.
    const install = await run('npm', ['install', '--offline', '--no-audit', '--no-fund'], project);
    expect(install).toMatchObject({ code: 0 });
    expect(JSON.parse(readFileSync(join(project, 'node_modules', '@berth', 'microservice-sdk', 'package.json'), 'utf8')).version).toBe(SDK_VERSION);

    const test = await run('npm', ['test'], project);
    expect({ code: test.code, pass: /\bpass (\d+)$/m.exec(test.stdout)?.[1], fail: /\bfail (\d+)$/m.exec(test.stdout)?.[1] }).toEqual({ code: 0, pass: '5', fail: '0' });
  }, 120000);

  it('package writes <name>.zip: the manifest, and an image of the runtime, the SDK and the service in layers of their own', async () => {
    // --self-contained: the runtime layer's blob is in the ZIP.
    const whole = await berth(['package', '--self-contained'], project);
    expect(whole).toMatchObject({ code: 0, stderr: '' });
    expect(whole.stdout).toMatch(new RegExp(`^${name} 1\\.0\\.0: ${name}\\.zip \\([\\d.]+ MB; layers: Node v24\\.[\\d.]+ runtime [\\d.]+ MB, @berth/microservice-sdk ${SDK_VERSION.replace(/\./g, '\\.')} \\d+ KB, ${name} 1\\.0\\.0 \\d+ KB\\)\n$`));

    const { manifest, config, layers } = await image(zipPath);
    expect(manifest).toMatchObject({ name, version: '1.0.0' });
    expect(config.config).toMatchObject({ Entrypoint: ['/usr/local/bin/node', '/app/src/main.js'], WorkingDir: '/app' });
    expect(layers).toHaveLength(3);
    const [runtime, sdk, service] = layers;
    expect(runtime.files).toEqual(expect.arrayContaining(['usr/local/bin/node', expect.stringMatching(/^lib.*\/libc\.so\.6$/)]));
    expect(sdk.files).toEqual(expect.arrayContaining(['app/node_modules/@berth/microservice-sdk/package.json', 'app/node_modules/@berth/microservice-sdk/dist/index.js']));
    expect(sdk.files.every((f) => f.startsWith('app/node_modules/@berth/microservice-sdk/'))).toBe(true);
    // The service's layer holds what npm would publish (package.json files), not its tests, vendor/ or node_modules.
    expect(service.files.sort()).toEqual(['app/README.md', 'app/package.json', 'app/src/main.js']);

    // Sizes: everything but the runtime is a few KB; the runtime is the stripped Node binary and its libraries.
    expect(service.packed).toBeLessThan(16 * 1024);
    expect(sdk.packed).toBeLessThan(64 * 1024);
    expect(readFileSync(zipPath).length - runtime.packed).toBeLessThan(80 * 1024);

    // By default the runtime layer is a platform base layer: listed with the same digest (the same image), its blob left out.
    const slim = await berth(['package'], project);
    expect(slim).toMatchObject({ code: 0, stderr: '' });
    expect(slim.stdout).toMatch(new RegExp(`^${name} 1\\.0\\.0: ${name}\\.zip \\(\\d+ KB; layers: Node v24\\.[\\d.]+ runtime \\(provided by the platform\\), `));
    const slimImage = await image(zipPath);
    expect(slimImage.config).toEqual(config);
    expect(slimImage.layers.map((l) => [l.diffId, l.held])).toEqual([[runtime.diffId, false], [sdk.diffId, true], [service.diffId, true]]);
    expect(readFileSync(zipPath).length).toBeLessThan(80 * 1024);

    // The example of this repository packages onto the very same runtime and SDK layers.
    const hello = await run(process.execPath, [join(ROOT, 'tools', 'microservice', 'package.js'), 'examples/hello-microservice', '--name', uniqueName('hello')], ROOT);
    expect(hello.code).toBe(0);
    helloZip = join(ROOT, /: (dist\/microservices\/\S+\.zip) /.exec(hello.stdout)![1]);
    const helloLayers = (await image(helloZip)).layers;
    expect(helloLayers.slice(0, 2).map((l) => l.diffId)).toEqual([runtime.diffId, sdk.diffId]);
    expect(helloLayers[2].diffId).not.toBe(service.diffId);
  }, 600000);

  it('deploys, answers through the gateway, logs the call, takes a new version, goes back to the old one and is deleted', async () => {
    const call = async (path: string) => {
      const res = await fetch(`${testStack.gatewayUrl}/service/${name}${path}`, { headers: { authorization: basic(...admin()) } });
      return { status: res.status, text: await res.text() };
    };
    const deployed = await berth(['deploy', `${name}.zip`, '--timeout', '600'], project);
    expect({ code: deployed.code, stdout: deployed.stdout }).toEqual({ code: 0, stdout: expect.stringContaining(`/service/${name}/health is UP`) });
    expect(await call('/hello?who=e2e')).toEqual({ status: 200, text: 'hello e2e!' });
    expect(JSON.parse((await call('/me')).text)).toMatchObject({ tenant: 'management', user: 'admin' });
    // What the handler writes to stdout is the service's log: `logs --follow` shows a call made while it follows.
    const follow = follower(project);
    await eventually(() => follow.output.stdout, (out) => out.includes('asked to greet e2e'), { timeoutMs: 60000, what: 'the first call in the followed logs' });
    expect(await call('/hello?who=follower')).toEqual({ status: 200, text: 'hello follower!' });
    await eventually(() => follow.output.stdout, (out) => out.includes('management/admin asked to greet follower'), { timeoutMs: 60000, what: 'the new call in the followed logs' });
    expect(await follow.stop()).toMatchObject({ code: 0, stderr: '' });

    // A new version: the code changed, the manifest's version raised, packaged and deployed again.
    const main = join(project, 'src', 'main.js');
    writeFileSync(main, readFileSync(main, 'utf8').replace('`hello ${', '`hi ${'));
    const manifestFile = join(project, 'cumulocity.json');
    writeFileSync(manifestFile, JSON.stringify({ ...JSON.parse(readFileSync(manifestFile, 'utf8')), version: '1.1.0' }, null, 2));
    expect((await berth(['package'], project)).code).toBe(0);
    // The update under a steady load: every call answers 200 from one version or the other, and once
    // deploy says it is done the new one takes over (the gateway follows the route change).
    const load = steadyLoad(() => call('/hello?who=e2e'));
    await load.more(10);
    expect((await berth(['deploy', `${name}.zip`, '--timeout', '600'], project)).code).toBe(0);
    expect(await eventually(() => call('/hello?who=e2e'), (r) => r.text === 'hi e2e!', { timeoutMs: 30000, intervalMs: 200 })).toEqual({ status: 200, text: 'hi e2e!' });
    await load.more(10);
    const answers = await load.stop();
    expect(answers.filter((a) => a.status !== 200 || !['hello e2e!', 'hi e2e!'].includes(a.text))).toEqual([]);
    expect(answers.at(-1)).toEqual({ status: 200, text: 'hi e2e!' });
    const versions = await berth(['versions'], project);
    expect(versions.stdout).toMatch(/^\s+1\.0\.0\s/m);
    expect(versions.stdout).toMatch(/^\*\s+1\.1\.0\s/m);

    // Back to the old version.
    const activated = await berth(['activate', '1.0.0', '--timeout', '600'], project);
    expect({ code: activated.code, stdout: activated.stdout }).toEqual({ code: 0, stdout: expect.stringContaining(`${name} runs version 1.0.0`) });
    expect(await eventually(() => call('/hello?who=e2e'), (r) => r.text === 'hello e2e!', { timeoutMs: 60000, intervalMs: 500 })).toEqual({ status: 200, text: 'hello e2e!' });

    const app = (await gw(`/application/applicationsByName/${name}`, { as: admin() })).body.applications[0];
    const binaries: string[] = app.applicationVersions.map((v: { binaryId: string }) => v.binaryId);
    expect(await imagesOf(binaries)).not.toEqual([]);
    const deleted = await berth(['delete'], project);
    expect(deleted).toMatchObject({ code: 0, stdout: expect.stringContaining(`no instance of ${name} is left`) });
    expect((await stackContainers(testStack.dbPrefix)).filter((c) => c.Labels['io.berth.application-name'] === name)).toEqual([]);
    // Nor an image: the orchestrator removes the images no application needs any more.
    await eventually(() => imagesOf(binaries), (left) => left.length === 0, { timeoutMs: 60000, what: `no image of ${name} left` });
  }, 1200000);
});

/**
 * A TypeScript project: packaging runs its `npm run build` and takes its compiled `main`; the
 * SDK's type declarations compile under strict; dev dependencies stay out of the image. The
 * compiler comes from this repository's node_modules, linked in, so that nothing is downloaded.
 */
describe('berth microservice package: a TypeScript project with its own build', () => {
  const work = mkdtempSync(join(tmpdir(), 'berth-ts-e2e-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('builds, then packages the compiled main with the SDK and its production dependencies, without the compiler', async () => {
    const name = 'ts-greeter';
    mkdirSync(join(work, 'src'));
    writeFileSync(join(work, 'package.json'), JSON.stringify({
      name, version: '2.0.0', private: true, main: 'dist/main.js', files: ['dist'], scripts: { build: 'tsc' },
      dependencies: { '@berth/microservice-sdk': `file:${SDK_TARBALL}`, 'greet-words': '1.0.0' }, devDependencies: { typescript: '*', '@types/node': '*' },
    }));
    writeFileSync(join(work, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, target: 'ES2023', module: 'commonjs', outDir: 'dist', rootDir: 'src', types: ['node'] } }));
    writeFileSync(join(work, 'cumulocity.json'), JSON.stringify({ apiVersion: '2', name, version: '2.0.0', provider: { name } }));
    writeFileSync(join(work, 'src', 'main.ts'), [
      "import { Microservice, type RequestContext } from '@berth/microservice-sdk';",
      "const greet = (ctx: RequestContext): string => `hello ${ctx.query.get('who') ?? ctx.caller.user}!`;",
      "new Microservice().get('/hello', greet).start().catch(() => process.exit(1));",
    ].join('\n'));
    // The SDK unpacked from its tarball (what npm install does with it), the compiler and Node's types linked from this repository.
    mkdirSync(join(work, 'node_modules', '@berth', 'microservice-sdk'), { recursive: true });
    await execFileP('tar', ['-xzf', SDK_TARBALL, '-C', join(work, 'node_modules', '@berth', 'microservice-sdk'), '--strip-components=1']);
    symlinkSync(join(ROOT, 'node_modules', 'typescript'), join(work, 'node_modules', 'typescript'));
    mkdirSync(join(work, 'node_modules', '@types'));
    symlinkSync(join(ROOT, 'node_modules', '@types', 'node'), join(work, 'node_modules', '@types', 'node'));
    // A production dependency with one of its own, installed side by side as npm hoists them.
    const dependency = (dir: string, pkg: object) => {
      mkdirSync(join(work, 'node_modules', dir), { recursive: true });
      writeFileSync(join(work, 'node_modules', dir, 'package.json'), JSON.stringify(pkg));
      writeFileSync(join(work, 'node_modules', dir, 'index.js'), 'module.exports = {};\n');
    };
    dependency('greet-words', { name: 'greet-words', version: '1.0.0', dependencies: { 'word-list': '^2.0.0' } });
    dependency('word-list', { name: 'word-list', version: '2.1.0' });
    mkdirSync(join(work, 'node_modules', '.bin'));
    symlinkSync(join('..', 'typescript', 'bin', 'tsc'), join(work, 'node_modules', '.bin', 'tsc'));

    const packaged = await run(process.execPath, [join(ROOT, 'tools', 'microservice', 'package.js'), work], work);
    expect(packaged).toMatchObject({ code: 0 });
    expect(existsSync(join(work, 'dist', 'main.js'))).toBe(true);
    const { config, layers } = await image(join(work, `${name}.zip`));
    expect(config.config.Entrypoint).toEqual(['/usr/local/bin/node', '/app/dist/main.js']);
    expect(layers.map((l) => [l.held, l.files.length > 0])).toEqual([[false, false], [true, true], [true, true]]);
    expect(layers[2].files.sort()).toEqual([
      'app/dist/main.js', 'app/node_modules/greet-words/index.js', 'app/node_modules/greet-words/package.json',
      'app/node_modules/word-list/index.js', 'app/node_modules/word-list/package.json', 'app/package.json',
    ]);

    // A production dependency that is not installed stops the packaging, naming it.
    rmSync(join(work, 'node_modules', 'word-list'), { recursive: true });
    const missing = await run(process.execPath, [join(ROOT, 'tools', 'microservice', 'package.js'), work, '--no-build'], work);
    expect(missing).toMatchObject({ code: 1, stderr: 'packaging failed: greet-words needs word-list, which is not installed; run npm install\n' });

    // A main that the build does not produce is refused, naming it.
    writeFileSync(join(work, 'package.json'), JSON.stringify({ ...JSON.parse(readFileSync(join(work, 'package.json'), 'utf8')), main: 'dist/server.js' }));
    const refused = await run(process.execPath, [join(ROOT, 'tools', 'microservice', 'package.js'), work, '--no-build'], work);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/^packaging failed: package\.json main dist\/server\.js is not among the files npm would publish/) });
  }, 600000);
});
