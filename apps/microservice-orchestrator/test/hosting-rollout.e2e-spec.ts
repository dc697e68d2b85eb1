import { admin, basic, eventually, gw, testStack } from '@berth/testing';
import { containersOf, hostingHooks, microservice, statusOf, subscribeManagement, uploadVersion } from './hosting-fixture';

hostingHooks();

/** One answer of the steady load: when its request was sent, its status, and the container (host name) that answered. */
interface Answer { at: number; status: number; host?: string; error?: string }

/**
 * Calls `/service/<name>/echo/load` `perSecond` times a second, each request on its own (none waits
 * for the one before), until stopped; collects every answer.
 */
function steadyLoad(name: string, perSecond = 20) {
  const answers: Answer[] = [];
  const pending = new Set<Promise<void>>();
  let running = true;
  const one = async () => {
    const at = Date.now();
    try {
      const res = await fetch(`${testStack.gatewayUrl}/service/${name}/echo/load`, { headers: { authorization: basic(...admin()) } });
      const text = await res.text();
      answers.push(res.status === 200 ? { at, status: 200, host: JSON.parse(text).hostname } : { at, status: res.status, error: text.slice(0, 300) });
    } catch (err) {
      answers.push({ at, status: 0, error: (err as Error).message });
    }
  };
  const loop = (async () => {
    while (running) {
      const request = one().finally(() => pending.delete(request));
      pending.add(request);
      await new Promise((resolve) => setTimeout(resolve, 1000 / perSecond));
    }
  })();
  return {
    answers,
    /** Waits until `more` answers came in after this call. */
    async more(more: number) {
      const from = answers.length;
      await eventually(() => answers.length, (n) => n >= from + more, { timeoutMs: 30000, what: `${more} more answers` });
    },
    async stop() {
      running = false;
      await loop;
      await Promise.all(pending);
      return [...answers].sort((a, b) => a.at - b.at);
    },
  };
}

type Stage = { stage: string; at: string; detail?: string };
const stagesSince = (stages: Stage[], since: number) => stages.filter((s) => Date.parse(s.at) >= since);
const runningOf = async (id: string) => (await containersOf(id)).filter((c) => c.State === 'running');
/** The version of the container a host name belongs to (a container's host name is the start of its id). */
const versionOf = (containers: Array<{ Id: string; Labels: Record<string, string> }>) => (host?: string) =>
  containers.find((c) => host && c.Id.startsWith(host))?.Labels['io.berth.version'] ?? `unknown host ${host}`;

/** Deploys version 1.0.0 of the test service and waits until it answers through the gateway; its container. */
async function deployed() {
  const { id, name } = await microservice({}, {}, '1.0.0');
  await subscribeManagement(id);
  await eventually(() => gw(`/service/${name}/echo/x`, { as: admin() }), (r) => r.status === 200, { timeoutMs: 60000, what: '1.0.0 answers' });
  const [container, ...others] = await runningOf(id);
  expect(others).toEqual([]);
  return { id, name, container };
}

describe('updates without downtime, on the local engine', () => {
  it('updates 1.0.0 to 1.0.1 under a steady load of 20 requests a second without a failed request, then serves 1.0.1 alone', async () => {
    const { id, name, container: old } = await deployed();
    const load = steadyLoad(name);
    await load.more(10);

    const uploadedAt = Date.now();
    expect(await uploadVersion(id, name, '1.0.1')).toBe(201);
    const updated = await eventually(() => statusOf(id), (s) => s.version === '1.0.1' && s.status === 'Up' && !s.rollout && s.instances.length === 1, {
      timeoutMs: 60000, what: '1.0.1 serving alone',
    });
    const [fresh, ...others] = await runningOf(id);
    expect([others, fresh.Labels['io.berth.version']]).toEqual([[], '1.0.1']);
    await load.more(20);
    const answers = await load.stop();

    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    const versions = answers.map((a) => versionOf([old, fresh])(a.host));
    // 1.0.0 answered until the switch, 1.0.1 from then on: nothing else, and 1.0.1 alone at the end.
    expect([...new Set(versions)]).toEqual(['1.0.0', '1.0.1']);
    expect(versions.slice(-20)).toEqual(Array(20).fill('1.0.1'));
    const stages = stagesSince(updated.stages, uploadedAt);
    expect(stages.map((s) => s.stage)).toEqual(expect.arrayContaining(['Desired', 'ContainerStarted', 'Healthy', 'Switched', 'Drained']));
    const at = (name: string) => Date.parse(stages.find((s) => s.stage === name)!.at);
    expect(at('Switched')).toBeLessThanOrEqual(at('Drained'));
    console.log(`rolling update: ${answers.length} requests, none failed; 1.0.1 took the route ${at('Switched') - uploadedAt} ms after the upload, `
      + `1.0.0 was removed ${at('Drained') - at('Switched')} ms after the switch; ${versions.filter((v) => v === '1.0.0').length} answers from 1.0.0, ${versions.filter((v) => v === '1.0.1').length} from 1.0.1`);
  }, 120000);

  it('keeps 1.0.0 serving without a failed request when the new version crash-loops or never gets ready, rolls back, and says why', async () => {
    const { id, name, container: old } = await deployed();
    const versions = async () => (await gw(`/application/applications/${id}/versions`, { as: admin() })).body.applicationVersions as Array<{ version: string; binaryId: string }>;
    const first = (await versions()).find((v) => v.version === '1.0.0')!;
    const load = steadyLoad(name);
    await load.more(10);

    const crashingAt = Date.now();
    expect(await uploadVersion(id, name, '1.0.1', {}, { args: ['crash'] })).toBe(201);
    const crashed = await eventually(() => statusOf(id), (s) => s.rollback?.from === '1.0.1' && s.rollback.activation === 'activated' && !s.rollout && s.instances.length === 1, {
      timeoutMs: 90000, what: 'the rollback from 1.0.1',
    });
    expect(crashed).toMatchObject({
      status: 'Up', version: '1.0.0', instances: [{ healthy: true, version: '1.0.0' }],
      rollback: { from: '1.0.1', to: '1.0.0', reason: expect.stringMatching(/^version 1\.0\.1 restarted 3 times: instance \S+ exited with code 3: crashing on purpose/) },
    });
    expect(stagesSince(crashed.stages, crashingAt).map((s: Stage) => s.stage)).toEqual(expect.arrayContaining(['RolloutFailed', 'RolledBack', 'Reactivated']));
    // The registry's active version is 1.0.0 again.
    expect((await gw(`/application/applications/${id}`, { as: admin() })).body.activeVersionId).toBe(first.binaryId);

    // A version whose instance never passes its readiness probe (1 s period, 5 failures): the status says why it is not ready while it waits.
    const neverReady = { readinessProbe: { httpGet: { path: '/nosuch', port: 80 }, periodSeconds: 1, failureThreshold: 5 } };
    const unreadyAt = Date.now();
    expect(await uploadVersion(id, name, '1.0.2', neverReady)).toBe(201);
    const waiting = await eventually(() => statusOf(id), (s) => s.instances.some((i: { version: string; reason?: string }) => i.version === '1.0.2' && i.reason), {
      timeoutMs: 30000, what: 'a 1.0.2 instance with the reason it is not ready',
    });
    expect(waiting).toMatchObject({ status: 'Up', version: '1.0.0', rollout: { from: '1.0.0', to: '1.0.2' } });
    expect(waiting.instances.find((i: { version: string }) => i.version === '1.0.2').reason).toMatch(/^GET \/nosuch answered 404: 404 page not found/);
    const unready = await eventually(() => statusOf(id), (s) => s.rollback?.from === '1.0.2' && s.rollback.activation === 'activated' && s.version === '1.0.0' && s.instances.length === 1, {
      timeoutMs: 60000, what: 'the rollback from 1.0.2',
    });
    expect(unready.rollback.reason).toMatch(/^instance \S+ of version 1\.0\.2 was not ready within 7 s: GET \/nosuch answered 404/);
    expect((await gw(`/application/applications/${id}`, { as: admin() })).body.activeVersionId).toBe(first.binaryId);

    expect(await eventually(() => containersOf(id), (c) => c.length === 1, { timeoutMs: 30000, what: 'only the 1.0.0 container left' })).toMatchObject([{ Id: old.Id, State: 'running' }]);
    await load.more(20);
    const answers = await load.stop();
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect([...new Set(answers.map((a) => versionOf([old])(a.host)))]).toEqual(['1.0.0']);
    const at = (s: { stages: Stage[] }, since: number, name: string) => Date.parse(stagesSince(s.stages, since).find((x) => x.stage === name)!.at);
    console.log(`rollbacks: ${answers.length} requests, none failed; the crash-looping 1.0.1 was rolled back ${at(crashed, crashingAt, 'RolledBack') - crashingAt} ms after its upload, `
      + `the never-ready 1.0.2 ${at(unready, unreadyAt, 'RolledBack') - unreadyAt} ms after its upload`);
  }, 150000);
});
