// Benchmark (docs/benchmarks/subscriptions.md): the time from a subscribe's 201 until the microservice's bootstrap user sees
// the tenant in `GET /application/currentApplication/subscriptions`, next to
// Kafka's own produce-to-consume latency on the same broker, in one run. Run through
// `npm run bench:subscriptions` (provisions the infra, builds). Options: --runs (200), --tenants (4:
// the tenants that take turns being unsubscribed and subscribed again), --poll-ms (10), --port-base.
const { randomBytes, randomUUID } = require('node:crypto');
const { mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const { Kafka, logLevel } = require('kafkajs');
const processes = require('./gateway/processes');
const { startStack, stackPorts } = require('./bench-stack');
const { summarize, printTable } = require('./stats');
const { startTap, TYPES } = require('./subscriptions-tap');
const { consumerStages, STAGE_COLUMNS } = require('./consumer-stages');
const { runBenchmark } = require('./lifecycle');

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' }, tenants: { type: 'string', default: '4' }, 'poll-ms': { type: 'string', default: '10' },
    'port-base': { type: 'string', default: String(Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 60) },
  },
});
const RUNS = Number(args.runs);
const TENANTS = Number(args.tenants);
const POLL_MS = Number(args['poll-ms']);
const ROOT = join(__dirname, '..', '..');
const LOCAL = process.env.BERTH_LOCAL || join(ROOT, '.local');
const BRAND = 'application/vnd.com.nsn.cumulocity';
const base = Number(args['port-base']);
const logDir = join(LOCAL, 'logs', `bench-subscriptions-${base}`);
const { ports: appPorts, gatewayPort, all: stackPortList } = stackPorts(base);
const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
const prefix = `bs${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const adminPassword = randomBytes(12).toString('base64url');
// The apps' fix of kafkajs' idle loop (libs/messaging), for this process's clients too: baselines and pipelines alike.
require('./dist-libs').messaging.stopKafkajsIdleLoop();
const kafka = new Kafka({ clientId: 'bench', brokers: process.env.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING });
const kafkaTopic = `bench.s${randomBytes(3).toString('hex')}.v1`;

const basic = (user, password) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const admin = basic('management/admin', adminPassword);

async function gw(path, { method = 'GET', body, auth = admin, accept = 'application/json' } = {}) {
  const res = await fetch(`${gatewayUrl}${path}`, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { authorization: auth, accept, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

function expectStatus(res, status, what) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res;
}

async function setUp() {
  const name = `bench${randomBytes(3).toString('hex')}`;
  const app = expectStatus(await gw('/application/applications', { method: 'POST', body: { name, key: `${name}-key`, type: 'MICROSERVICE', availability: 'MARKET', requiredRoles: ['ROLE_INVENTORY_READ'] } }), 201, 'application not created').body;
  let boot;
  const deadline = Date.now() + 20000;
  do {
    boot = await gw(`/application/applications/${app.id}/bootstrapUser`);
    if (boot.status === 503) await new Promise((r) => setTimeout(r, 200));
  } while (boot.status === 503 && Date.now() < deadline);
  expectStatus(boot, 200, 'no bootstrap user');
  const tenants = [];
  for (let i = 0; i < TENANTS; i++) {
    const res = await gw('/tenant/tenants', { method: 'POST', body: { company: 'Bench', domain: `bench-${randomUUID().slice(0, 8)}.example.com`, adminName: 'boss', adminPass: `Pw-${randomUUID()}`, adminEmail: 'boss@example.com' } });
    tenants.push(expectStatus(res, 201, 'tenant not created').body.id);
  }
  return { app, tenants, bootstrap: basic(`${boot.body.tenant}/${boot.body.name}`, boot.body.password) };
}

/** `/application/currentApplication/subscriptions` as the microservice calls it: the tenants it lists. */
async function listedTenants(bootstrap) {
  const res = expectStatus(await gw('/application/currentApplication/subscriptions', { auth: bootstrap, accept: `${BRAND}.applicationUserCollection+json` }), 200, 'currentApplication/subscriptions');
  return res.body.users.map((u) => u.tenant);
}

/** Polls currentApplication/subscriptions every POLL_MS until `check(listed)` holds; answers when it did (ms since epoch) and the polls made. */
async function pollUntil(bootstrap, check, timeoutMs = 30000) {
  const deadline = Date.now() + timeoutMs;
  for (let polls = 1; ; polls++) {
    if (check(await listedTenants(bootstrap))) return { at: Date.now(), polls };
    if (Date.now() > deadline) throw new Error(`currentApplication/subscriptions did not change within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * Each run takes the next of the tenants in turn: unsubscribes it if it is subscribed and waits
 * (unmeasured) until currentApplication/subscriptions no longer lists it, then subscribes it and
 * measures from the 201 until the list holds it.
 */
async function subscriptionRuns({ app, tenants, bootstrap }) {
  const latencies = [];
  const stages = STAGES.map(() => []);
  const tap = await startTap(kafka, `${prefix}.bench-tap`, `${prefix}.`, app.name);
  const subscribed = new Set();
  for (let i = 0; i < RUNS; i++) {
    const tenant = tenants[i % tenants.length];
    if (subscribed.has(tenant)) {
      expectStatus(await gw(`/tenant/tenants/${tenant}/applications/${app.id}`, { method: 'DELETE' }), 204, 'unsubscribe');
      await pollUntil(bootstrap, (listed) => !listed.includes(tenant));
    }
    expectStatus(await gw(`/tenant/tenants/${tenant}/applications`, { method: 'POST', body: { application: { id: app.id } }, accept: `${BRAND}.applicationReference+json` }), 201, 'subscribe');
    const since = Date.now();
    subscribed.add(tenant);
    const { at } = await pollUntil(bootstrap, (listed) => listed.includes(tenant));
    latencies.push(at - since);
    const [subscribedEvent, userEvent] = await tapped(tap, tenant);
    if (subscribedEvent && userEvent) {
      [since - subscribedEvent.written, subscribedEvent.read - subscribedEvent.written, userEvent.written - subscribedEvent.read,
        userEvent.read - userEvent.written, at - userEvent.read].forEach((ms, s) => stages[s].push(ms));
    }
    tap.forget(tenant);
    if ((i + 1) % 50 === 0) console.error(`  ${i + 1}/${RUNS} subscriptions, p50 so far ${summarize(latencies).p50} ms`);
  }
  await tap.stop();
  return { ...summarize(latencies), stages: stages.map((values) => (values.length ? summarize(values) : undefined)) };
}

const STAGES = [
  'TenantSubscribed written → 201 received by the client',
  'subscription outbox → relay → Kafka → read (TenantSubscribed)',
  'tenant-options: consume, create service user (hash), write ServiceUserCreated',
  'tenant-options outbox → relay → Kafka → read (ServiceUserCreated)',
  'subscription app: consume, store the sealed password; currentApplication/subscriptions poll sees it',
];

/** The tap's records of this run's two events, waiting up to 2 s for ones still on their way. */
async function tapped(tap, tenant) {
  const deadline = Date.now() + 2000;
  let found = TYPES.map((t) => tap.seen(t, tenant));
  while (found.some((f) => !f) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    found = TYPES.map((t) => tap.seen(t, tenant));
  }
  return found;
}

/** Raw kafkajs on the same broker: one message per send (idempotent, acks=all), the next only after the last was consumed. */
async function kafkaRuns() {
  const { messaging } = require('./dist-libs');
  await messaging.ensureTopics(kafka, [kafkaTopic], { withDlq: false });
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();
  const consumer = kafka.consumer({ groupId: `${kafkaTopic}-g`, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topics: [kafkaTopic], fromBeginning: true });
  let arrived;
  await consumer.run({ eachMessage: async ({ message }) => arrived?.(Number(message.headers.sentAt), message.key.toString()) });
  const send = (key) => new Promise((resolve, reject) => {
    arrived = (sentAt, got) => { if (got === key) resolve(Date.now() - sentAt); };
    producer.send({ topic: kafkaTopic, acks: -1, messages: [{ key, value: JSON.stringify({ key }), headers: { sentAt: String(Date.now()) } }] }).catch(reject);
  });
  try {
    await send('warm-up'); // the first message also waits for the consumer to join its group
    const latencies = [];
    for (let i = 0; i < RUNS; i++) latencies.push(await send(`m${i}`));
    return summarize(latencies);
  } finally {
    await consumer.disconnect();
    await producer.disconnect();
  }
}

async function main() {
  mkdirSync(logDir, { recursive: true });
  await processes.assertPortsFree(stackPortList);
  console.log(`subscriptions benchmark: ${RUNS} subscribes taking turns on ${TENANTS} tenants, currentApplication/subscriptions polled every ${POLL_MS} ms; Kafka baseline ${RUNS} messages one at a time; logs in ${logDir}`);
  const started = Date.now();
  await startStack({ base, prefix, adminPassword, logDir });
  console.error(`  stack up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const fixture = await setUp();
  const appUrl = (name) => `http://127.0.0.1:${appPorts[name]}`;
  const consumed = await consumerStages({ 'tenant-options': appUrl('tenant-options'), subscription: appUrl('subscription') });
  const sub = await subscriptionRuns(fixture);
  const inside = await consumed();
  console.error(`  subscribe → currentApplication/subscriptions: p50 ${sub.p50} ms, p99 ${sub.p99} ms`);
  const raw = await kafkaRuns();
  console.error(`  kafkajs produce → consume: p50 ${raw.p50} ms, p99 ${raw.p99} ms`);
  printTable(['', 'subscribe 201 → currentApplication/subscriptions lists the tenant', 'kafkajs produce → consume', 'ratio'], [
    ['p50 (ms)', sub.p50, raw.p50, (sub.p50 / raw.p50).toFixed(1)],
    ['p99 (ms)', sub.p99, raw.p99, (sub.p99 / raw.p99).toFixed(1)],
    ['max (ms)', sub.max, raw.max, ''],
  ]);
  console.log(`where the time goes (each stage measured on its own, so p99s do not add up; ${sub.stages[0]?.count ?? 0} of ${RUNS} runs had both events tapped):`);
  printTable(['stage', 'p50 (ms)', 'p99 (ms)'], STAGES.map((name, i) => [name, sub.stages[i]?.p50 ?? '', sub.stages[i]?.p99 ?? '']));
  console.log('inside the two apps on the path, over the runs (subscribes and the unsubscribes between them; from their /metrics):');
  printTable(STAGE_COLUMNS, inside);
  const ratio = sub.p99 / raw.p99;
  console.log(`target: p99 ≤ 3 × Kafka's p99: ${ratio <= 3 ? 'PASS' : 'FAIL'} (${sub.p99} ms = ${ratio.toFixed(1)} × ${raw.p99} ms); run took ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

runBenchmark(main, {
  prefix,
  before: async () => {
    const kafkaAdmin = kafka.admin();
    await kafkaAdmin.connect().then(() => kafkaAdmin.deleteTopics({ topics: [kafkaTopic] })).catch(() => undefined);
    await kafkaAdmin.disconnect().catch(() => undefined);
  },
});
