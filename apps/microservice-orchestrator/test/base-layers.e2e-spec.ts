import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { dockerSaveArchive, runtimeCreatedBy, tar } from '@berth/archives';
import { admin, basic, eventually, gw, microserviceZip } from '@berth/testing';
import { containersOf, hostingHooks, raw, statusOf, subscribeManagement, upload } from './hosting-fixture';

hostingHooks();

const ROOT = join(__dirname, '..', '..', '..');
const execFileP = promisify(execFile);

async function application(name: string): Promise<string> {
  const created = await gw('/application/applications', { method: 'POST', as: admin(), body: { name, key: `${name}-key`, type: 'MICROSERVICE' } });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** docs/microservices.md#platform-base-layers */
describe('hosted microservices packaged without the Node runtime layer, on the local engine', () => {
  it('runs the example packaged by the CLI: the orchestrator adds the runtime layer of its own Node', async () => {
    const name = `slim${randomBytes(4).toString('hex')}`;
    const packaged = await execFileP(process.execPath, [join(ROOT, 'tools', 'microservice', 'package.js'), 'examples/hello-microservice', '--name', name], { cwd: ROOT });
    expect(packaged.stdout).toContain('Node v24');
    expect(packaged.stdout).toContain('runtime (provided by the platform)');
    const zipPath = join(ROOT, /: (dist\/microservices\/\S+\.zip) /.exec(packaged.stdout)![1]);
    const zip = readFileSync(zipPath);
    rmSync(zipPath, { force: true });
    // The SDK and the service are a few KB; the runtime layer (tens of MB) is not in the ZIP.
    expect(zip.length).toBeLessThan(200 * 1024);

    const id = await application(name);
    expect(await upload(id, admin(), zip)).toBe(201);
    await subscribeManagement(id);
    const up = await eventually(() => statusOf(id), (s) => s.status === 'Up', { timeoutMs: 180000, what: `${name} is Up` });
    expect(up.stages.map((s: { stage: string }) => s.stage)).toEqual(expect.arrayContaining(['ImageLoading', 'ImageLoaded', 'ContainerStarted']));
    const hello = await eventually(() => raw(`/service/${name}/hello?who=slim`, { authorization: basic(...admin()) }), (r) => r.status === 200, 30000);
    expect(hello.text).toBe('hello slim!');
    expect((await containersOf(id)).map((c) => c.State)).toEqual(['running']);
  }, 300000);

  it('ends Failed, naming the layer and --self-contained, when the runtime layer left out is one the platform cannot have', async () => {
    const name = `slim${randomBytes(4).toString('hex')}`;
    const madeUp = randomBytes(32).toString('hex');
    const app = tar([{ name: 'app/main.js', data: 'console.log("never runs")' }]);
    const image = dockerSaveArchive(
      [{ diffId: madeUp, data: Buffer.alloc(0), createdBy: runtimeCreatedBy('v24.0.0') }, app],
      { Entrypoint: ['/usr/local/bin/node', '/app/main.js'] }, `localhost/${name}:1.0.0`, { without: [madeUp] },
    );
    const id = await application(name);
    // The registry takes it: the left-out layer is, by its config, a runtime layer.
    expect(await upload(id, admin(), microserviceZip({ apiVersion: '2', name, version: '1.0.0', provider: { name: 'berth' } }, image))).toBe(201);
    await subscribeManagement(id);
    const failed = await eventually(() => statusOf(id), (s) => s.status === 'Failed', { timeoutMs: 60000, what: `${name} is Failed` });
    expect(failed).toMatchObject({
      status: 'Failed', restarts: 0,
      lastFailure: { reason: expect.stringMatching(new RegExp(`^image\\.tar of version 1\\.0\\.0 could not be loaded: .*sha256:${madeUp}.*--self-contained`)) },
    });
    expect(failed.stages.map((s: { stage: string }) => s.stage)).toEqual(['Desired', 'Deploying', 'ImageLoading', 'Failed']);
    expect(await containersOf(id)).toEqual([]);
  }, 120000);
});
