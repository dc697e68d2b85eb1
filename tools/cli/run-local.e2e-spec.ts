import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { admin, basic, eventually, gw, testStack, uniqueName } from '@berth/testing';

const ROOT = join(__dirname, '..', '..');
const CLI = join(__dirname, 'berth-microservice.js');
const execFileP = promisify(execFile);

interface Running { child: ReturnType<typeof spawn>; output: () => string; exited: Promise<number | null>; ended: () => boolean }

/** Starts a Node program in `cwd` with `env` added to the test's own, collecting its output. */
function start(args: string[], cwd: string, env: NodeJS.ProcessEnv): Running {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env } });
  let text = '';
  let ended = false;
  child.stdout!.on('data', (c) => { text += c; });
  child.stderr!.on('data', (c) => { text += c; });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => { ended = true; resolve(code); }));
  return { child, output: () => text, exited, ended: () => ended };
}

/** The CLI's output once it says where the service listens (or once it ended without). */
const listening = async (run: Running) => {
  await eventually(() => run.output(), (o) => o.includes('listens on') || run.ended(), { timeoutMs: 60000, what: 'the listening line' });
  expect(run.ended()).toBe(false);
  return run.output();
};

const credentials = () => ({ BERTH_URL: testStack.gatewayUrl, BERTH_USER: admin()[0], BERTH_PASSWORD: admin()[1] });
const health = async (port: number) => {
  const res = await fetch(`http://localhost:${port}/health`).catch(() => undefined);
  return res ? { status: res.status, body: (await res.json()) as any } : { status: 0, body: undefined as any };
};
const freePort = () => new Promise<number>((resolve) => {
  const server = createServer().listen(0, () => { const { port } = server.address() as { port: number }; server.close(() => resolve(port)); });
});

/**
 * `berth microservice run --local` (docs/cli.md#run) on a project made by `init` in a folder outside
 * the repository, against the test stack: the service runs as a local process, registers with the
 * bootstrap user the CLI fetched, answers on localhost and stops with the CLI. A service given a
 * wrong bootstrap password stays DOWN on /health and says why.
 */
describe('berth microservice run --local: a new project as a local process against the platform', () => {
  const work = mkdtempSync(join(tmpdir(), 'berth-run-e2e-'));
  const name = uniqueName('local');
  const project = join(work, name);
  const running: Running[] = [];

  afterAll(async () => {
    for (const r of running) r.child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
    const left = (await gw(`/application/applicationsByName/${name}`, { as: admin() })).body?.applications ?? [];
    for (const app of left) await gw(`/application/applications/${app.id}?force=true`, { method: 'DELETE', as: admin() });
  }, 60000);

  it('runs outside the repository', async () => {
    expect(relative(ROOT, work).startsWith('..')).toBe(true);
    const init = await execFileP(process.execPath, [CLI, 'init', name], { cwd: work });
    expect(init.stderr).toBe('');
  });

  it('creates the application, runs the service with the built SDK, answers on localhost, is UP, and ends with the service\'s exit code on SIGTERM', async () => {
    const port = await freePort();
    const run = start([CLI, 'run', '--local', '--port', String(port)], project, credentials());
    running.push(run);
    // No npm install yet: the SDK is the package this repository builds.
    const out = await listening(run);
    expect(out).toMatch(new RegExp(`created application ${name} \\(id \\w+\\)`));
    expect(out).toContain('subscribed tenant management');
    expect(out).toMatch(new RegExp(`bootstrap user management/servicebootstrap_${name}`));
    expect(out).toContain('@berth/microservice-sdk 0.1.0 from the package this repository builds');
    expect(out).toContain(`${name} 1.0.0 listens on http://localhost:${port}/`);
    expect(out).toContain(`curl -u '${admin()[0]}:<password>' http://localhost:${port}/<path>`);
    expect(out).not.toContain(admin()[1]);

    const hello = await fetch(`http://localhost:${port}/hello?who=local`, { headers: { authorization: basic(...admin()) } });
    expect({ status: hello.status, text: await hello.text() }).toEqual({ status: 200, text: 'hello local!' });
    expect(await eventually(() => health(port), (h) => h.status === 200, { timeoutMs: 30000, what: '/health UP' })).toEqual({ status: 200, body: { status: 'UP' } });
    // The service's own output comes through the CLI.
    await eventually(() => run.output(), (o) => o.includes('management/admin asked to greet local'), { timeoutMs: 10000, what: 'the service\'s log line' });

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect((await health(port)).status).toBe(0);
  }, 120000);

  it('after npm install takes the project\'s own SDK and finds the application; Ctrl-C stops it', async () => {
    await execFileP('npm', ['install', '--offline', '--no-audit', '--no-fund'], { cwd: project });
    const port = await freePort();
    const run = start([CLI, 'run', '--local', '--port', String(port)], project, credentials());
    running.push(run);
    await listening(run);
    expect(run.output()).toMatch(new RegExp(`found application ${name} \\(id \\w+\\)`));
    expect(run.output()).toContain('tenant management was already subscribed');
    expect(run.output()).toContain('@berth/microservice-sdk 0.1.0 from node_modules/@berth/microservice-sdk');
    expect(await eventually(() => health(port), (h) => h.status === 200, { timeoutMs: 30000, what: '/health UP' })).toEqual({ status: 200, body: { status: 'UP' } });
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  }, 180000);

  it('refuses run without --local (exit 2)', async () => {
    const run = start([CLI, 'run'], project, credentials());
    expect(await run.exited).toBe(2);
    expect(run.output()).toMatch(/^run needs --local/);
  });

  it('with a wrong bootstrap password the service is DOWN on /health with the failed registration as the reason', async () => {
    const app = (await gw(`/application/applicationsByName/${name}`, { as: admin() })).body.applications[0];
    const bootstrap = (await gw(`/application/applications/${app.id}/bootstrapUser`, { as: admin() })).body;
    const port = await freePort();
    const service = start(['src/main.js'], project, {
      C8Y_BASEURL: testStack.gatewayUrl, C8Y_BOOTSTRAP_TENANT: bootstrap.tenant, C8Y_BOOTSTRAP_USER: bootstrap.name, C8Y_BOOTSTRAP_PASSWORD: `${bootstrap.password}-wrong`,
      APPLICATION_NAME: name, SERVER_PORT: String(port),
    });
    running.push(service);
    const down = await eventually(() => health(port), (h) => h.status === 503 && h.body.details?.subscriptions?.reason !== 'registering', { timeoutMs: 30000, what: 'the registration\'s outcome on /health' });
    expect(down).toEqual({ status: 503, body: { status: 'DOWN', details: { subscriptions: { status: 'DOWN', reason: expect.stringMatching(/^registration failed: .*401/) } } } });
    expect(service.output()).toContain('registration failed');
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
  }, 60000);
});
