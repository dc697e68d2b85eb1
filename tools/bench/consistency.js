// Benchmark: what read-your-writes costs (docs/consistency.md). Two stacks side by side on the same
// infra, one with BERTH_CONSISTENCY=read-your-writes (the default), one with `eventual`; requests
// take turns between them, one at a time, so both run under the same load: a write (an application's
// PUT through the gateway, which publishes ApplicationUpdated), then, once the writes have settled, a
// read (the application's GET) whose consumers have nothing pending. Prints p50/p99 of each and the
// verdicts: a write adds at most 15 ms p50, a read at most 0.2 ms p50. Run through
// `npm run bench:consistency` (provisions the infra, builds). Options: --runs (300), --warmup (50), --port-base.
const { randomBytes } = require('node:crypto');
const { mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const { Pool } = require('undici');
const processes = require('./gateway/processes');
const { cleanUpData } = require('./gateway/fixtures');
const { startStack, stackPorts } = require('./bench-stack');
const { summarize, printTable } = require('./stats');
const { runBenchmark } = require('./lifecycle');

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '300' }, warmup: { type: 'string', default: '50' },
    'port-base': { type: 'string', default: String(Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 130) },
  },
});
const RUNS = Number(args.runs);
const WARMUP = Number(args.warmup);
const base = Number(args['port-base']);
const LOCAL = process.env.BERTH_LOCAL || join(__dirname, '..', '..', '.local');
const prefix = `bc${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const adminPassword = randomBytes(12).toString('base64url');
const auth = `Basic ${Buffer.from(`management/admin:${adminPassword}`).toString('base64')}`;

/** The two stacks: the guarantee on, and off. */
const STACKS = [
  { name: 'read-your-writes', base, prefix },
  { name: 'eventual', base: base + 10, prefix: `${prefix}e` },
];

async function call(pool, method, path, body) {
  const started = performance.now();
  const res = await pool.request({
    method, path, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { authorization: auth, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  });
  const text = await res.body.text();
  const ms = performance.now() - started;
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text.slice(0, 300)}`);
  return { ms, body: text ? JSON.parse(text) : undefined };
}

async function main() {
  const started = Date.now();
  console.log(`consistency benchmark: ${RUNS} writes, then ${RUNS} reads on each of two stacks (${STACKS.map((s) => s.name).join(', ')}), taking turns, after ${WARMUP} of each to warm up`);
  for (const stack of STACKS) {
    const logDir = join(LOCAL, 'logs', `bench-consistency-${stack.base}`);
    mkdirSync(logDir, { recursive: true });
    await processes.assertPortsFree(stackPorts(stack.base).all);
    stack.url = await startStack({ base: stack.base, prefix: stack.prefix, adminPassword, logDir, env: { BERTH_CONSISTENCY: stack.name } });
    stack.pool = new Pool(stack.url, { connections: 1 });
    const name = `bench${randomBytes(4).toString('hex')}`;
    stack.app = (await call(stack.pool, 'POST', '/application/applications', { name, key: `${name}-key`, type: 'EXTERNAL', externalUrl: 'https://example.com' })).body;
    stack.writes = [];
    stack.reads = [];
  }
  console.error(`  stacks up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const write = (stack, i) => call(stack.pool, 'PUT', `/application/applications/${stack.app.id}`, { description: `run ${i}` });
  const read = (stack) => call(stack.pool, 'GET', `/application/applications/${stack.app.id}`);
  for (let i = 0; i < WARMUP + RUNS; i++) {
    for (const stack of STACKS) {
      const { ms } = await write(stack, i);
      if (i >= WARMUP) stack.writes.push(ms);
    }
  }
  // Every consumer has handled the writes by now: the reads below have nothing to wait for.
  await new Promise((r) => setTimeout(r, 2000));
  for (let i = 0; i < WARMUP + RUNS; i++) {
    for (const stack of STACKS) {
      const { ms } = await read(stack);
      if (i >= WARMUP) stack.reads.push(ms);
    }
  }
  const [on, off] = STACKS.map((s) => ({ writes: summarize(s.writes), reads: summarize(s.reads) }));
  const f = (ms) => ms.toFixed(2);
  printTable(['request', 'read-your-writes p50 (ms)', 'p99 (ms)', 'eventual p50 (ms)', 'p99 (ms)', 'added p50 (ms)'], [
    ['write (PUT)', f(on.writes.p50), f(on.writes.p99), f(off.writes.p50), f(off.writes.p99), f(on.writes.p50 - off.writes.p50)],
    ['read, nothing pending (GET)', f(on.reads.p50), f(on.reads.p99), f(off.reads.p50), f(off.reads.p99), f(on.reads.p50 - off.reads.p50)],
  ]);
  const writeAdded = on.writes.p50 - off.writes.p50;
  const readAdded = on.reads.p50 - off.reads.p50;
  console.log(`target: a write adds ≤ 15 ms p50: ${writeAdded <= 15 ? 'PASS' : 'FAIL'} (${f(writeAdded)} ms)`);
  console.log(`target: a read with nothing pending adds ≤ 0.2 ms p50: ${readAdded <= 0.2 ? 'PASS' : 'FAIL'} (${f(readAdded)} ms)`);
  console.log(`run took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  for (const stack of STACKS) await stack.pool.close();
}

runBenchmark(main, { prefix, before: () => cleanUpData(STACKS[1].prefix) });
