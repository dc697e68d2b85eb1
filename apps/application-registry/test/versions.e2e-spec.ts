import type { Consumer } from 'kafkajs';
import { Topics } from '@berth/contracts';
import type { Envelope } from '@berth/messaging';
import { basic, defined, eventually, gw, largeMicroserviceZip, microserviceZip, newTenant, testStack, zip } from '@berth/testing';
import { Creds, expectError, hostedApp, microserviceApp, multipart, registryRss, storedBinaries, uploadZip } from './binary-upload';
import { kafka, unique } from './registry-client';

let owner: Creds;
let consumer: Consumer;
const received: Envelope[] = [];

beforeAll(async () => {
  owner = (await newTenant()).admin;
  consumer = kafka().consumer({ groupId: unique('versions-e2e-'), maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topics: [testStack.topic(Topics.applicationEvents)], fromBeginning: true });
  await consumer.run({ eachMessage: async ({ message }) => { received.push(JSON.parse(message.value!.toString())); } });
});
afterAll(() => consumer?.disconnect());

const activated = (id: string, binaryId: string) => eventually(async () => received.find((e) => e.type === 'ApplicationVersionActivated' && e.aggregateId === id
  && (e.payload as { binaryId: string }).binaryId === binaryId), defined, { timeoutMs: 30000, what: `activation of ${binaryId}` });
const ms = (version: string) => microserviceZip({ apiVersion: '1', version, replicas: 2 });
const download = async (id: string, binaryId: string) => {
  const res = await fetch(`${testStack.gatewayUrl}/application/applications/${id}/binaries/${binaryId}`, { headers: { authorization: basic(...owner) } });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
};

describe('registry: versions through the gateway', () => {
  it('makes every upload a version, the newest active and tagged latest; tags, deletes, activates and replaces', async () => {
    const app = await microserviceApp(owner);
    const first = await uploadZip(app.id, owner, ms('1.0.0'));
    const v1 = first.body.activeVersionId;
    const up = await activated(app.id, v1);
    expect(up.payload).toEqual({
      id: app.id, name: app.name, type: 'MICROSERVICE', ownerTenant: owner[0].split('/')[0], version: '1.0.0', binaryId: v1, reason: 'upload',
      requiredRoles: [], isolation: 'MULTI_TENANT', manifestVersion: '1.0.0',
      manifest: expect.objectContaining({ version: '1.0.0', replicas: 2, name: app.name, isolation: 'MULTI_TENANT' }),
    });
    const second = await uploadZip(app.id, owner, ms('1.1.0'));
    const v2 = second.body.activeVersionId;
    expect(second.body.manifest.version).toBe('1.1.0');

    const list = await gw(`/application/applications/${app.id}/versions`, { as: owner });
    expect(list.status).toBe(200);
    expect(list.body.applicationVersions).toEqual([
      { version: '1.0.0', binaryId: v1, tags: [], created: expect.any(String) },
      { version: '1.1.0', binaryId: v2, tags: ['latest'], created: expect.any(String) },
    ]);
    expect((await gw(`/application/applications/${app.id}/versions?tag=latest`, { as: owner })).body.applicationVersions.map((v: any) => v.version)).toEqual(['1.1.0']);
    expect((await gw('/application/applications?hasVersions=true&pageSize=2000', { as: owner })).body.applications.map((a: any) => a.id)).toContain(app.id);

    const tagged = await gw(`/application/applications/${app.id}/versions/1.0.0`, { method: 'PUT', as: owner, body: { tags: ['stable'] } });
    expect(tagged).toMatchObject({ status: 200, body: { version: '1.0.0', binaryId: v1, tags: ['stable'] } });
    expectError(await gw(`/application/applications/${app.id}/versions/1.0.0`, { method: 'PUT', as: owner, body: { tags: 'x' } }), 422, 'applications/Unprocessable Entity');
    expectError(await gw(`/application/applications/${app.id}/versions/9.9.9`, { method: 'PUT', as: owner, body: { tags: [] } }), 404, 'applications/Not Found');

    expectError(await gw(`/application/applications/${app.id}/versions?version=1.1.0`, { method: 'DELETE', as: owner }), 409, 'applications/Update Conflict', /active version/);
    const rolledBack = await gw(`/application/applications/${app.id}/versions/1.0.0/activate`, { method: 'POST', as: owner });
    expect(rolledBack.status).toBe(200);
    expect(rolledBack.body).toMatchObject({ activeVersionId: v1, manifest: { version: '1.0.0' } });
    expect((await activated(app.id, v1) && received.filter((e) => e.type === 'ApplicationVersionActivated' && e.aggregateId === app.id).map((e) => (e.payload as any).reason)))
      .toEqual(expect.arrayContaining(['upload', 'upload']));
    await eventually(async () => received.find((e) => e.aggregateId === app.id && (e.payload as any).reason === 'activate' && (e.payload as any).binaryId === v1), defined, { timeoutMs: 30000, what: 'activate event' });
    expectError(await gw(`/application/applications/${app.id}/versions?version=1.1.0`, { method: 'DELETE', as: owner }), 409, 'applications/Update Conflict', /tagged latest/);
    expectError(await gw(`/application/applications/${app.id}/versions?version=7.0.0`, { method: 'DELETE', as: owner }), 404, 'applications/Not Found');
    expectError(await gw(`/application/applications/${app.id}/versions/7.0.0/activate`, { method: 'POST', as: owner }), 404, 'applications/Not Found');

    expect((await download(app.id, v2)).body.equals(ms('1.1.0'))).toBe(true);
    await gw(`/application/applications/${app.id}/versions/1.0.0`, { method: 'PUT', as: owner, body: { tags: ['latest', 'stable'] } });
    expect((await gw(`/application/applications/${app.id}/versions?version=1.1.0`, { method: 'DELETE', as: owner })).status).toBe(204);
    expect((await download(app.id, v2)).status).toBe(404);
    expect(await storedBinaries(app.id)).toEqual([v1]);

    const replaced = await uploadZip(app.id, owner, ms('1.0.0'));
    expect(replaced.status).toBe(201);
    expect(replaced.body.applicationVersions).toEqual([{ version: '1.0.0', binaryId: replaced.body.activeVersionId, tags: ['latest', 'stable'], created: expect.any(String) }]);
    expect(replaced.body.activeVersionId).not.toBe(v1);
    expect(await storedBinaries(app.id)).toEqual([replaced.body.activeVersionId]);
    expect((await download(app.id, v1)).status).toBe(404);

    expect((await gw(`/application/applications/${app.id}`, { method: 'DELETE', as: owner })).status).toBe(204);
    expect(await storedBinaries(app.id)).toEqual([]);
  });

  it('clones a hosted application with its active version, identical content in a binary of its own', async () => {
    const app = await hostedApp(owner);
    const content = zip([{ name: 'index.html', data: '<html>clone me</html>' }]);
    const { body, contentType } = multipart([{ name: 'file', filename: 'w.zip', data: content }]);
    const uploaded = await fetch(`${testStack.gatewayUrl}/application/applications/${app.id}/binaries`, {
      method: 'POST', headers: { authorization: basic(...owner), 'content-type': contentType, accept: 'application/json' }, body,
    }).then((r) => r.json() as Promise<any>);
    const clone = await gw(`/application/applications/${app.id}/clone`, { method: 'POST', as: owner });
    expect(clone.status).toBe(201);
    const [version] = clone.body.applicationVersions;
    expect(version).toMatchObject({ version: uploaded.applicationVersions[0].version, tags: ['latest'] });
    expect(version.binaryId).not.toBe(uploaded.activeVersionId);
    expect(clone.body.activeVersionId).toBe(version.binaryId);
    expect((await download(clone.body.id, version.binaryId)).body.equals(content)).toBe(true);
  });

  it('takes a 300 MB upload, streamed, with the registry\'s memory growing less than 100 MB', async () => {
    const app = await microserviceApp(owner);
    const boundary = `----berth${unique('')}`;
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.zip"\r\nContent-Type: application/zip\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    async function* body() {
      yield head;
      yield* largeMicroserviceZip({ apiVersion: '1', version: '3.0.0' }, 300 * 1024 * 1024);
      yield tail;
    }
    const baseline = registryRss();
    let peak = baseline;
    const sampler = setInterval(() => { peak = Math.max(peak, registryRss()); }, 100);
    const started = Date.now();
    try {
      const res = await fetch(`${testStack.gatewayUrl}/application/applications/${app.id}/binaries`, {
        method: 'POST', headers: { authorization: basic(...owner), 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'application/json' },
        body: ReadableStream.from(body()), duplex: 'half',
      } as RequestInit);
      const answer = await res.json() as any;
      expect(res.status).toBe(201);
      expect(answer.manifest.version).toBe('3.0.0');
    } finally {
      clearInterval(sampler);
    }
    process.stdout.write(`300 MB upload: ${Date.now() - started} ms, registry RSS ${baseline >> 20} MB -> peak ${peak >> 20} MB\n`);
    expect(peak - baseline).toBeLessThan(100 * 1024 * 1024);
  }, 300000);
});
