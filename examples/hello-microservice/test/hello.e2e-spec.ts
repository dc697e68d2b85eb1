import { ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { admin, basic, eventually, gw, newTenant, removeStackContainers, testStack } from '@berth/testing';

const ROOT = join(__dirname, '..', '..', '..');
const run = promisify(execFile);

async function raw(path: string, authorization?: string, base = testStack.gatewayUrl) {
  const res = await fetch(`${base}${path}`, { headers: authorization ? { authorization } : {} });
  return { status: res.status, text: await res.text() };
}


// A fresh stack's consumers first join their groups and replay the shared topics (minutes on a busy machine, when
// this spec runs alone); wait until the subscription app knows a new application.
beforeAll(async () => {
  const name = `warm${randomBytes(4).toString('hex')}`;
  const created = await gw('/application/applications', { method: 'POST', as: admin(), body: { name, key: `${name}-key`, type: 'MICROSERVICE' } });
  const first = await eventually(() => gw('/tenant/tenants/management/applications', { method: 'POST', as: admin(), body: { application: { id: created.body.id } } }), (r) => r.status !== 404, 600000);
  expect(first.status).toBe(201);
  expect((await gw(`/tenant/tenants/management/applications/${created.body.id}`, { method: 'DELETE', as: admin() })).status).toBe(204);
}, 620000);

afterAll(() => removeStackContainers(testStack.dbPrefix), 60000);

describe('examples/hello-microservice, packaged and deployed with the CLI through the gateway on the local engine', () => {
  it('packages without an engine, deploys with stages and progress, answers hello, and refuses strangers', async () => {
    // A name of its own: on Kafka shared by several stacks, an orchestrator also acts on other stacks' applications.
    const name = `hello-${randomBytes(4).toString('hex')}`;
    const zip = join(ROOT, 'dist', 'microservices', `${name}.zip`);
    const packaged = await run(process.execPath, [join(ROOT, 'tools', 'microservice', 'package.js'), 'examples/hello-microservice', '--name', name], { cwd: ROOT });
    expect(packaged.stdout).toMatch(new RegExp(`^${name} 1\\.0\\.0: dist/microservices/${name}\\.zip .*Node v24\\.`));

    const cli = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [join(ROOT, 'tools', 'cli', 'berth-microservice.js'), 'deploy', zip, '--timeout', '600'], {
        env: { ...process.env, BERTH_URL: testStack.gatewayUrl, BERTH_USER: admin()[0], BERTH_PASSWORD: admin()[1] },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => { stdout += c; });
      child.stderr.on('data', (c) => { stderr += c; });
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
    expect({ code: cli.code, stderr: cli.stderr.split('\n').filter((l) => !/^uploading \d+%/.test(l)).join('\n') }).toEqual({ code: 0, stderr: '' });
    const steps = cli.stdout.split('\n').map((l) => l.replace(/^\[\s*[\d.]+s\] /, ''));
    expect(steps).toEqual(expect.arrayContaining([
      expect.stringMatching(new RegExp(`^created application ${name} \\(id \\w+\\)$`)), expect.stringMatching(new RegExp(`^uploaded ${name}\\.zip \\(active version \\w+\\)$`)),
      'subscribed tenant management', expect.stringMatching(/^stage Desired/), expect.stringMatching(/^stage ContainerStarted/),
      expect.stringMatching(/^status Up, 1\/1 instances healthy/), `/service/${name}/health is UP`,
    ]));
    expect(cli.stderr).toMatch(/uploading 100% \(/);
    expect(cli.stdout + cli.stderr).not.toContain(admin()[1]);

    expect(await raw(`/service/${name}/hello?who=x`, basic(...admin()))).toEqual({ status: 200, text: 'hello x!' });
    expect(await raw(`/service/${name}/hello`, basic(...admin()))).toEqual({ status: 200, text: 'hello world!' });
    expect((await raw(`/service/${name}/hello?who=x`)).status).toBe(401);
    const stranger = await newTenant();
    expect((await gw(`/service/${name}/hello?who=x`, { as: stranger.admin })).status).toBe(403);

    // Inside the container, the SDK polls the subscriptions as the bootstrap user the orchestrator gave it.
    const seen = async () => JSON.parse((await raw(`/service/${name}/subscriptions`, basic(...admin()))).text || '{}');
    const events = (r: { events?: Array<{ event: string; tenant: string }> }) => (r.events ?? []).map((e) => `${e.event} ${e.tenant}`);
    expect(events(await eventually(seen, (r) => events(r).length > 0, 60000))).toEqual(['MicroserviceSubscriptionAddedEvent management']);
    const id = /\(id (\w+)\)/.exec(cli.stdout)![1];
    expect((await gw(`/application/applications/${id}`, { method: 'PUT', as: admin(), body: { availability: 'MARKET' } })).status).toBe(200);
    // Read-your-writes (docs/consistency.md): the subscription app decides on the MARKET just answered.
    expect((await gw(`/tenant/tenants/${stranger.id}/applications`, { method: 'POST', as: admin(), body: { application: { id } } })).status).toBe(201);
    await eventually(seen, (r) => events(r).length === 2, 60000);
    expect((await gw(`/tenant/tenants/${stranger.id}/applications/${id}`, { method: 'DELETE', as: admin() })).status).toBe(204);
    expect(events(await eventually(seen, (r) => events(r).length === 3, 60000))).toEqual([
      'MicroserviceSubscriptionAddedEvent management', `MicroserviceSubscriptionAddedEvent ${stranger.id}`, `MicroserviceSubscriptionRemovedEvent ${stranger.id}`,
    ]);

    const again = await run(process.execPath, [join(ROOT, 'tools', 'cli', 'berth-microservice.js'), 'deploy', zip], {
      env: { ...process.env, BERTH_URL: testStack.gatewayUrl, BERTH_USER: admin()[0], BERTH_PASSWORD: 'wrong-password' },
    }).catch((err) => err);
    rmSync(zip, { force: true });
    expect({ code: again.code, stderr: again.stderr.trim() }).toEqual({ code: 1, stderr: expect.stringMatching(new RegExp(`^deploy failed: looking up ${name} failed: 401 security/Unauthorized`)) });
  }, 700000);
});

describe('the SDK run locally with self-registration (docs/microservices.md, local run)', () => {
  let child: ChildProcess | undefined;
  afterAll(() => { child?.kill('SIGTERM'); });

  it('registers itself, fires added for subscribed tenants and removed on unsubscribe', async () => {
    const name = `hellolocal${randomBytes(3).toString('hex')}`;
    const port = Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 78;
    child = spawn(process.execPath, [join(ROOT, 'dist', 'examples', 'hello-microservice', 'src', 'main.js')], {
      env: {
        ...process.env, C8Y_BASEURL: testStack.gatewayUrl, C8Y_BOOTSTRAP_TENANT: 'management', C8Y_BOOTSTRAP_USER: 'admin', C8Y_BOOTSTRAP_PASSWORD: admin()[1],
        C8Y_BOOTSTRAP_INITIALDELAY: '0', C8Y_BOOTSTRAP_DELAY: '300', APPLICATION_NAME: name, SERVER_PORT: String(port),
      },
      stdio: 'ignore',
    });
    const local = `http://127.0.0.1:${port}`;
    const seen = () => raw('/subscriptions', basic(...admin()), local).catch(() => ({ status: 0, text: '' }));
    expect((await eventually(seen, (r) => r.status === 200, 20000)).status).toBe(200);
    const registered = await eventually(() => gw(`/application/applicationsByName/${name}`, { as: admin() }), (r) => r.body?.applications?.length === 1, 20000);
    const id = registered.body.applications[0].id as string;
    const tenant = await newTenant();
    expect((await gw(`/application/applications/${id}`, { method: 'PUT', as: admin(), body: { availability: 'MARKET' } })).status).toBe(200);

    // Read-your-writes (docs/consistency.md): each subscription is decided on the writes answered before it.
    expect((await gw('/tenant/tenants/management/applications', { method: 'POST', as: admin(), body: { application: { id } } })).status).toBe(201);
    expect((await gw(`/tenant/tenants/${tenant.id}/applications`, { method: 'POST', as: admin(), body: { application: { id } } })).status).toBe(201);
    const added = await eventually(seen, (r) => JSON.parse(r.text || '{}').subscribed?.length === 2, 30000);
    expect(JSON.parse(added.text).events.map((e: { event: string; tenant: string }) => `${e.event} ${e.tenant}`).sort()).toEqual(
      [`MicroserviceSubscriptionAddedEvent ${tenant.id}`, 'MicroserviceSubscriptionAddedEvent management'].sort());

    expect((await gw(`/tenant/tenants/${tenant.id}/applications/${id}`, { method: 'DELETE', as: admin() })).status).toBe(204);
    const removed = await eventually(seen, (r) => JSON.parse(r.text || '{}').subscribed?.length === 1, 30000);
    expect(JSON.parse(removed.text)).toMatchObject({ subscribed: ['management'], events: expect.arrayContaining([expect.objectContaining({ event: 'MicroserviceSubscriptionRemovedEvent', tenant: tenant.id })]) });
    expect((await raw('/subscriptions', basic('management/admin', 'not-the-password'), local)).status).toBe(401);
    expect((await raw('/health', undefined, local)).text).toBe('{"status":"UP"}');
  }, 120000);
});
