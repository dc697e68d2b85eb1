import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { admin, basic, eventually, gw, helloImage, microserviceZip, stackContainers, testStack, uniqueName } from '@berth/testing';

const CLI = join(__dirname, 'berth-microservice.js');

interface Run { code: number | null; stdout: string; stderr: string }

/** Starts the CLI as its own process with the management admin's credentials in the environment. */
function start(args: string[], cwd = tmpdir()) {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd, env: { ...process.env, BERTH_URL: testStack.gatewayUrl, BERTH_USER: admin()[0], BERTH_PASSWORD: admin()[1] },
  });
  const run: Run = { code: null, stdout: '', stderr: '' };
  child.stdout.on('data', (c) => { run.stdout += c; });
  child.stderr.on('data', (c) => { run.stderr += c; });
  const exited = new Promise<Run>((resolve) => child.on('exit', (code) => { run.code = code; resolve(run); }));
  return { child, run, exited };
}

/** Runs the CLI to its end. */
const berth = (args: string[], cwd?: string) => start(args, cwd).exited;
/** Output lines without their elapsed-time prefix. */
const steps = (text: string) => text.split('\n').map((l) => l.replace(/^\[\s*[\d.]+s\] /, ''));
const containersOf = async (name: string) => (await stackContainers(testStack.dbPrefix)).filter((c) => c.Labels['io.berth.application-name'] === name);
const hello = async (name: string, who: string) => (await fetch(`${testStack.gatewayUrl}/service/${name}/hello?who=${who}`, { headers: { authorization: basic(...admin()) } })).text();

/**
 * The CLI's life cycle of one microservice (docs/cli.md), run as a process against the test stack
 * through the gateway: the test microservice of libs/testing deployed once, then looked at,
 * read, switched to another version and deleted.
 */
describe('berth microservice: the life cycle of a microservice through the gateway', () => {
  const name = uniqueName('cli');
  const dir = mkdtempSync(join(tmpdir(), 'berth-cli-e2e-'));
  const manifest = (version: string, extra: Record<string, unknown> = {}) => ({ apiVersion: '2', name, version, provider: { name: 'berth' }, resources: { cpu: '0.5', memory: '128M' }, ...extra });
  const zipFile = (file: string, content: Buffer) => { writeFileSync(join(dir, file), content); return join(dir, file); };
  let instance = '';

  beforeAll(() => {
    // `berth microservice <command>` without a name takes the one of ./cumulocity.json.
    writeFileSync(join(dir, 'cumulocity.json'), JSON.stringify(manifest('1.0.0')));
  });

  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    const left = (await gw(`/application/applicationsByName/${name}`, { as: admin() })).body?.applications ?? [];
    for (const app of left) await gw(`/application/applications/${app.id}?force=true`, { method: 'DELETE', as: admin() });
  }, 60000);

  it('refuses a manifest with a misspelled field before creating anything: exit 1, no application of that name', async () => {
    const typoName = uniqueName('clitypo');
    const typo = zipFile('typo.zip', microserviceZip({ ...manifest('1.0.0'), name: typoName, requiredRole: ['ROLE_INVENTORY_READ'] }, helloImage()));
    const run = await berth(['deploy', typo]);
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'deploy failed: cumulocity.json is invalid: requiredRole: not a manifest field; did you mean requiredRoles?\n' });
    expect((await gw(`/application/applicationsByName/${typoName}`, { as: admin() })).body.applications).toEqual([]);
  });

  it('deploys with a warning for an unknown field, then shows the status, the list, the versions and the logs', async () => {
    const deployed = await berth(['deploy', zipFile(`${name}.zip`, microserviceZip(manifest('1.0.0', { vendorNote: 'kept' }), helloImage())), '--timeout', '300']);
    expect({ code: deployed.code, warnings: deployed.stderr.split('\n').filter((l) => l.startsWith('warning')) })
      .toEqual({ code: 0, warnings: ['warning: cumulocity.json: vendorNote: not a manifest field; kept as it is'] });
    expect(steps(deployed.stdout)).toEqual(expect.arrayContaining([
      `${name} 1.0.0 from ${name}.zip`, expect.stringMatching(new RegExp(`^created application ${name} \\(id \\w+\\)$`)), 'subscribed tenant management',
      `/service/${name}/health is UP`, `deployed: ${testStack.gatewayUrl}/service/${name}/`,
    ]));

    const status = await berth(['status', name]);
    expect(status).toMatchObject({ code: 0, stderr: '' });
    const lines = status.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual([
      expect.stringMatching(new RegExp(`^${name} \\(id \\w+, owner management\\)$`)), expect.stringMatching(/^active version: 1\.0\.0 \(binary \w+\)$/), 'status: Up, running 1.0.0, 0 restarts',
    ]);
    expect(lines.slice(3)).toEqual([expect.stringMatching(new RegExp(`^instance (\\S+-${name}-\\S+) \\(1\\.0\\.0\\): healthy, started \\S+$`))]);
    instance = /^instance (\S+) /.exec(lines[3])![1];

    const list = await berth(['list']);
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n')[0]).toMatch(/^NAME +ID +VERSION +STATUS +HEALTHY +OWNER$/);
    expect(list.stdout.split('\n')).toContainEqual(expect.stringMatching(new RegExp(`^${name} +\\w+ +1\\.0\\.0 +Up +1/1 +management$`)));

    // The name from ./cumulocity.json.
    const versions = await berth(['versions'], dir);
    expect(versions).toMatchObject({ code: 0, stderr: '' });
    expect(versions.stdout.trimEnd().split('\n').slice(1)).toEqual([expect.stringMatching(/^\* +1\.0\.0 +latest +\S+ +\w+$/)]);

    // A request through /service/<name>/ shows up in its instance's logs, prefixed by the instance.
    expect(await hello(name, 'cli-logs')).toBe('hello cli-logs!');
    const logs = await eventually(() => berth(['logs', name]), (r) => r.stdout.includes('said hello to cli-logs'), { timeoutMs: 20000, intervalMs: 500, what: 'the request in the logs' });
    expect(logs).toMatchObject({ code: 0, stderr: '' });
    expect(logs.stdout.split('\n').filter((l) => l.includes('said hello to cli-logs'))).toEqual([`[${instance}] said hello to cli-logs`]);
  }, 400000);

  it('follows one instance\'s logs until Ctrl-C, each new line once', async () => {
    const follow = start(['logs', name, '--instance', instance, '--follow']);
    try {
      await eventually(() => follow.run.stdout, (out) => out.includes('said hello to cli-logs'), { timeoutMs: 20000, what: 'the earlier request' });
      for (const who of ['follow-1', 'follow-2', 'follow-3']) expect(await hello(name, who)).toBe(`hello ${who}!`);
      await eventually(() => follow.run.stdout, (out) => out.includes('said hello to follow-3'), { timeoutMs: 20000, what: 'the new requests' });
    } finally {
      follow.child.kill('SIGINT');
    }
    const ended = await follow.exited;
    expect({ code: ended.code, stderr: ended.stderr }).toEqual({ code: 0, stderr: '' });
    expect(ended.stdout.split('\n').filter((l) => l.startsWith('said hello to'))).toEqual(['cli-logs', 'follow-1', 'follow-2', 'follow-3'].map((w) => `said hello to ${w}`));
  }, 60000);

  it('activates another version and waits until it runs', async () => {
    const app = (await gw(`/application/applicationsByName/${name}`, { as: admin() })).body.applications[0];
    const form = new FormData();
    form.append('applicationBinary', new Blob([microserviceZip(manifest('1.1.0'), helloImage())]), `${name}.zip`);
    form.append('applicationVersion', JSON.stringify({ version: '1.1.0' }));
    const created = await fetch(`${testStack.gatewayUrl}/application/applications/${app.id}/versions`, { method: 'POST', body: form, headers: { authorization: basic(...admin()), accept: 'application/json' } });
    expect(created.status).toBe(201);

    const activated = await berth(['activate', '1.1.0', name, '--timeout', '300']);
    expect({ code: activated.code, stderr: activated.stderr }).toEqual({ code: 0, stderr: '' });
    expect(steps(activated.stdout)).toEqual(expect.arrayContaining([`activated version 1.1.0 of ${name}`, `${name} runs version 1.1.0`]));
    expect((await berth(['status', name])).stdout).toContain('status: Up, running 1.1.0, ');
    const versions = (await berth(['versions', name])).stdout.trimEnd().split('\n').slice(1);
    expect(versions).toEqual([expect.stringMatching(/^ +1\.0\.0 +latest /), expect.stringMatching(/^\* +1\.1\.0 +- /)]);
    expect(await hello(name, 'again')).toBe('hello again!');
  }, 360000);

  it('deletes the application and ends when no container of it is left', async () => {
    expect((await containersOf(name)).length).toBeGreaterThan(0);
    const deleted = await berth(['delete'], dir);
    expect({ code: deleted.code, stderr: deleted.stderr }).toEqual({ code: 0, stderr: '' });
    expect(steps(deleted.stdout)).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^deleted application ${name} \\(id \\w+\\)`)), `no instance of ${name} is left`]));
    expect(await containersOf(name)).toEqual([]);
    expect((await gw(`/application/applicationsByName/${name}`, { as: admin() })).body.applications).toEqual([]);
    expect(await berth(['status', name])).toMatchObject({ code: 1, stderr: `status failed: no microservice named ${name}\n` });
  }, 180000);
});
