import { randomBytes } from 'node:crypto';
import { admin, engine, eventually, gw } from '@berth/testing';
import { containersOf, hostingHooks, microservice, statusOf, subscribeManagement, uploadVersion } from './hosting-fixture';

hostingHooks();

const CATEGORY = 'microservice.runtime';
const setOption = (key: string, value: string) => gw('/tenant/options', { method: 'POST', as: admin(), body: { category: CATEGORY, key, value } });
const deleteOption = (key: string) => gw(`/tenant/options/${CATEGORY}/${key}`, { method: 'DELETE', as: admin() });

/**
 * The running containers of the application with the memory and CPU limits the engine applied to each.
 * A container the orchestrator removes between the listing and its inspection (a replacement under
 * way) is left out: Podman answers that inspection 500 "no such container" (seen in CI).
 */
async function runningLimits(id: string): Promise<Array<{ id: string; memory: number; nanoCpus: number }>> {
  const running = (await containersOf(id)).filter((c) => c.State === 'running');
  const limits = await Promise.all(running.map(async (c) => {
    const inspected = await engine()!.getContainer(c.Id).inspect().catch((err: Error) => {
      if (/no such container/i.test(err.message)) return undefined;
      throw err;
    });
    return inspected && { id: c.Id, memory: inspected.HostConfig.Memory ?? 0, nanoCpus: inspected.HostConfig.NanoCpus ?? 0 };
  }));
  return limits.filter((l) => l !== undefined);
}

const upWith = (replicas: number) => (s: any) => s.status === 'Up' && s.instances.length === replicas && s.instances.every((i: { healthy: boolean }) => i.healthy);

describe('runtime options of the owner tenant override the manifest, on the local engine', () => {
  it('scales with <name>.replicas, replaces containers on <name>.memory, and returns to the manifest when they are deleted', async () => {
    const { id, name } = await microservice({ isolation: 'MULTI_TENANT', resources: { cpu: '0.5', memory: '128M' } });
    await subscribeManagement(id);
    expect(await eventually(() => statusOf(id), upWith(1), 90000)).toMatchObject({ status: 'Up', instances: [{ healthy: true }] });

    expect((await setOption(`${name}.replicas`, '2')).status).toBe(201);
    const two = await eventually(() => statusOf(id), upWith(2), 120000);
    expect(two.instances.map((i: { healthy: boolean }) => i.healthy)).toEqual([true, true]);
    const before = await eventually(() => runningLimits(id), (l) => l.length === 2, 30000);
    expect(before.map((c) => c.memory)).toEqual([128_000_000, 128_000_000]);

    expect((await setOption(`${name}.memory`, '256M')).status).toBe(201);
    const resized = await eventually(() => runningLimits(id), (l) => l.length === 2 && l.every((c) => c.memory === 256_000_000), 120000);
    expect(resized.map((c) => c.memory)).toEqual([256_000_000, 256_000_000]);
    expect(resized.filter((c) => before.some((b) => b.id === c.id))).toEqual([]);
    expect(await eventually(() => statusOf(id), upWith(2), 90000)).toMatchObject({ status: 'Up' });

    expect((await deleteOption(`${name}.memory`)).status).toBe(204);
    expect((await deleteOption(`${name}.replicas`)).status).toBe(204);
    const back = await eventually(() => runningLimits(id), (l) => l.length === 1 && l[0].memory === 128_000_000, 120000);
    expect(back.map((c) => c.memory)).toEqual([128_000_000]);
    expect(await eventually(() => statusOf(id), upWith(1), 90000)).toMatchObject({ status: 'Up', instances: [{ healthy: true }] });
  }, 400000);

  it('applies options set before the application existed to its first PER_TENANT deployment', async () => {
    const name = `hello${randomBytes(4).toString('hex')}`;
    expect((await setOption(`${name}.replicas`, '2')).status).toBe(201);
    expect((await setOption(`${name}.cpu`, '250m')).status).toBe(201);
    const created = await gw('/application/applications', { method: 'POST', as: admin(), body: { name, key: `${name}-key`, type: 'MICROSERVICE' } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(await uploadVersion(id, name, '1.0.0', { isolation: 'PER_TENANT', resources: { cpu: '0.5', memory: '128M' } })).toBe(201);
    await subscribeManagement(id);

    const up = await eventually(() => statusOf(id), upWith(2), 120000);
    expect(up.instances.map((i: { tenant: string }) => i.tenant)).toEqual(['management', 'management']);
    const limits = await eventually(() => runningLimits(id), (l) => l.length === 2, 30000);
    expect(limits.map((c) => [c.nanoCpus, c.memory])).toEqual([[250_000_000, 128_000_000], [250_000_000, 128_000_000]]);
    expect((await deleteOption(`${name}.replicas`)).status).toBe(204);
    expect((await deleteOption(`${name}.cpu`)).status).toBe(204);
  }, 300000);

  it('refuses an unknown setting and values out of bounds with 422 naming the key', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['hello.replicas', '6', /^hello\.replicas: must be a whole number from 1 to 5/],
      ['hello.cpu', '0', /^hello\.cpu: must be from 10m to 8/],
      ['hello.memory', 'lots', /^hello\.memory: must be a memory quantity/],
      ['hello.disk', '1G', /^hello\.disk: not a runtime setting/],
    ];
    for (const [key, value, message] of cases) {
      const refused = await setOption(key, value);
      expect({ status: refused.status, error: refused.body?.error }).toEqual({ status: 422, error: 'options/Invalid Data' });
      expect(refused.body.message).toMatch(message);
    }
    const category = await gw(`/tenant/options/${CATEGORY}`, { method: 'PUT', as: admin(), body: { 'hello.replicas': '2', 'hello.memory': '1M' } });
    expect({ status: category.status, message: category.body?.message }).toEqual({ status: 422, message: expect.stringMatching(/^hello\.memory: must be from 64M/) });
    expect((await gw(`/tenant/options/${CATEGORY}/hello.replicas`, { as: admin() })).status).toBe(404);
  });
});
