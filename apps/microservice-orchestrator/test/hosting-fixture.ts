import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import {
  admin, basic, engine, eventually, gw, helloImage, ImageOptions, microserviceZip, removeStackContainers, stackContainers, testStack,
} from '@berth/testing';

export type Creds = [string, string];

/** A request through the gateway with its raw text answer. */
export async function raw(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${testStack.gatewayUrl}${path}`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), headers: res.headers, text: await res.text() };
}

export async function upload(id: string, as: Creds, zip: Buffer) {
  const boundary = `----berth${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="hello.zip"\r\nContent-Type: application/zip\r\n\r\n`),
    zip, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await fetch(`${testStack.gatewayUrl}/application/applications/${id}/binaries`, {
    method: 'POST', body, headers: { accept: 'application/json', authorization: basic(...as), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return res.status;
}

export const subscribe = (tenant: string, applicationId: string, as: Creds) =>
  gw(`/tenant/tenants/${tenant}/applications`, { method: 'POST', as, body: { application: { id: applicationId } } });
export const unsubscribe = (tenant: string, applicationId: string, as: Creds) =>
  gw(`/tenant/tenants/${tenant}/applications/${applicationId}`, { method: 'DELETE', as });
export const containersOf = async (applicationId: string) =>
  (await stackContainers(testStack.dbPrefix)).filter((c) => c.Labels['io.berth.application'] === applicationId);
/**
 * Deploy jobs of the stack's orchestrator that could still run (waiting, delayed, active): none once
 * every deploy it was asked for has ended, so no job can start another container after.
 */
export async function runnableDeployJobs(): Promise<Record<string, number>> {
  const connection = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
  const queue = new Queue('orchestrator-deploy', { connection, prefix: `${testStack.dbPrefix}:bull` });
  try {
    return await queue.getJobCounts('waiting', 'delayed', 'active', 'prioritized', 'paused');
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/**
 * Runs `work` while the test holds the orchestrator's reconcile lease, as another replica would, so
 * no reconcile pass runs in between; the lease is handed back after.
 */
export async function withoutReconcilePasses(work: () => Promise<void>): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL!);
  const key = `${testStack.dbPrefix}:orchestrator:lease`;
  try {
    await redis.set(key, 'test', 'PX', 60000);
    await new Promise((r) => setTimeout(r, 2000)); // a pass already under way ends
    await work();
  } finally {
    await redis.del(key);
    redis.disconnect();
  }
}

/** The password a container was started with (its `C8Y_PASSWORD`). */
export async function containerPassword(containerId: string): Promise<string | undefined> {
  const env: string[] = (await engine()!.getContainer(containerId).inspect()).Config.Env ?? [];
  return env.find((e) => e.startsWith('C8Y_PASSWORD='))?.slice('C8Y_PASSWORD='.length);
}

/** The password of `tenant`'s service user as `/application/currentApplication/subscriptions` lists it to the application's bootstrap user. */
export async function servicePassword(applicationId: string, tenant: string): Promise<string | undefined> {
  const boot = await gw(`/application/applications/${applicationId}/bootstrapUser`, { as: admin() });
  const row12 = await gw('/application/currentApplication/subscriptions', { as: [`${boot.body.tenant}/${boot.body.name}`, boot.body.password] });
  return (row12.body?.users as Array<{ tenant: string; password: string }> | undefined)?.find((u) => u.tenant === tenant)?.password;
}
export const statusOf = async (id: string) => (await gw(`/application/applications/${id}/status`, { as: admin() })).body;

/** Creates a microservice owned by the management tenant and uploads version `version` of the hello image (or a variant). */
export async function microservice(manifest: Record<string, unknown>, image: ImageOptions = {}, version = '1.0.0') {
  const name = `hello${randomBytes(4).toString('hex')}`;
  const created = await gw('/application/applications', { method: 'POST', as: admin(), body: { name, key: `${name}-key`, type: 'MICROSERVICE' } });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  expect(await uploadVersion(id, name, version, manifest, image)).toBe(201);
  return { id, name };
}

export function uploadVersion(id: string, name: string, version: string, manifest: Record<string, unknown> = {}, image: ImageOptions = {}) {
  return upload(id, admin(), microserviceZip({ apiVersion: '2', name, version, provider: { name: 'berth' }, ...manifest }, helloImage(image)));
}

/** Subscribes the management tenant (the subscription app may not know the application for a moment). */
export async function subscribeManagement(id: string) {
  const subscribed = await eventually(() => subscribe('management', id, admin()), (r) => r.status !== 404, 30000);
  expect(subscribed.status).toBe(201);
}

/** Kills a container with SIGKILL through the engine. */
export async function kill(containerId: string) {
  await engine()!.getContainer(containerId).kill({ signal: 'SIGKILL' });
}

/**
 * Hooks every hosting spec file shares: a fresh stack's consumers first join their groups and
 * replay the shared topics, so wait until the subscription app knows a new application; remove
 * the stack's containers at the end.
 */
export function hostingHooks() {
  beforeAll(async () => {
    const name = `warm${randomBytes(4).toString('hex')}`;
    const created = await gw('/application/applications', { method: 'POST', as: admin(), body: { name, key: `${name}-key`, type: 'MICROSERVICE' } });
    const first = await eventually(() => subscribe('management', created.body.id, admin()), (r) => r.status !== 404, 150000);
    expect(first.status).toBe(201);
    expect((await unsubscribe('management', created.body.id, admin())).status).toBe(204);
  }, 180000);

  afterAll(async () => {
    await removeStackContainers(testStack.dbPrefix);
  }, 60000);
}
