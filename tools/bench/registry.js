// Benchmark (docs/benchmarks/registry.md): application listings at 100k applications across 100 tenants, through the
// whole stack (gateway → registry → store) next to the same store operations through the raw
// MongoDB driver, in one run. Run through `npm run bench:registry` (provisions the infra, builds).
// Options: --apps (100000), --tenants (100), --api-apps (1000: written through the API, the rest
// straight into the registry's collection in the same shape), --runs (200 per query and side),
// --page-size (5, the platform's default), --port-base.
const { randomBytes, randomUUID } = require('node:crypto');
const { mkdirSync } = require('node:fs');
const { join } = require('node:path');
const { parseArgs } = require('node:util');
const { MongoClient } = require('mongodb');
const processes = require('./gateway/processes');
const { startStack, stackPorts } = require('./bench-stack');
const { summarize, parallel, printTable } = require('./stats');
const { runBenchmark } = require('./lifecycle');

const { values: args } = parseArgs({
  options: {
    apps: { type: 'string', default: '100000' }, tenants: { type: 'string', default: '100' }, 'api-apps': { type: 'string', default: '1000' },
    runs: { type: 'string', default: '200' }, 'page-size': { type: 'string', default: '5' },
    'port-base': { type: 'string', default: String(Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 70) },
  },
});
const APPS = Number(args.apps);
const TENANTS = Number(args.tenants);
const API_APPS = Math.min(Number(args['api-apps']), APPS);
const RUNS = Number(args.runs);
const PAGE_SIZE = Number(args['page-size']);
const PAGE = 200;
/** Rounds before the measured ones, not counted. */
const WARM_UP = 1;
/**
 * Every tenth application is MARKET and the management tenant's (MARKET applications are offered to
 * the owner's subtenants, and the management tenant's to all), so each tenant sees its own and those.
 */
const isMarket = (i) => i % 10 === 5;
const MANAGEMENT = 'management';
const LOCAL = process.env.BERTH_LOCAL || join(__dirname, '..', '..', '.local');
const base = Number(args['port-base']);
const logDir = join(LOCAL, 'logs', `bench-registry-${base}`);
const { all: stackPortList } = stackPorts(base);
const prefix = `br${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const adminPassword = randomBytes(12).toString('base64url');
let gatewayUrl;

const basic = (user, password) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const admin = basic('management/admin', adminPassword);

async function gw(path, { method = 'GET', body, auth = admin } = {}) {
  const res = await fetch(`${gatewayUrl}${path}`, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { authorization: auth, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  });
  const text = await res.text();
  return { status: res.status, text };
}

function expectStatus(res, status, what) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text.slice(0, 300)}`);
  return JSON.parse(res.text);
}

async function createTenants() {
  const tenants = [];
  await parallel(TENANTS, 4, async () => {
    const adminPass = `Pw-${randomUUID()}`;
    const res = await gw('/tenant/tenants', { method: 'POST', body: { company: 'Bench', domain: `bench-${randomUUID().slice(0, 8)}.example.com`, adminName: 'boss', adminPass, adminEmail: 'boss@example.com' } });
    const { id } = expectStatus(res, 201, 'tenant not created');
    tenants.push({ id, auth: basic(`${id}/boss`, adminPass) });
  });
  return tenants;
}

/** Fields of application `i` of `tenant`: the three creatable types in turn, unique name, key and contextPath. */
function appFields(i) {
  const name = `${prefix}-app-${i}`;
  const availability = isMarket(i) ? 'MARKET' : 'PRIVATE';
  switch (i % 3) {
    case 0: return { name, key: `${name}-key`, type: 'HOSTED', availability, contextPath: name, resourcesUrl: '/', description: 'benchmark web application' };
    case 1: return { name, key: `${name}-key`, type: 'EXTERNAL', availability, externalUrl: `https://${name}.example.com`, description: 'benchmark external link' };
    default: return { name, key: `${name}-key`, type: 'MICROSERVICE', availability, requiredRoles: ['ROLE_INVENTORY_READ'], description: 'benchmark microservice' };
  }
}

/** The sample through the API: application i belongs to tenant i mod TENANTS (a MARKET one to the management tenant) and is created by its admin. */
async function seedThroughApi(tenants) {
  await parallel(API_APPS, 8, async (i) => {
    const auth = isMarket(i) ? admin : tenants[i % TENANTS].auth;
    expectStatus(await gw('/application/applications', { method: 'POST', auth, body: appFields(i) }), 201, `application ${i} not created`);
  });
}

/**
 * The bulk straight into the registry's collection: each document is a copy of one the API wrote
 * for the same type (so it has exactly the app's shape: fields, `_version`, no outbox entries left)
 * with the fields that differ per application replaced. Ids follow the app's format (17 digits:
 * milliseconds, then four digits), from a time before the API sample so none can collide.
 */
async function seedBulk(collection, tenants) {
  const templates = {};
  for (const type of ['HOSTED', 'EXTERNAL', 'MICROSERVICE']) {
    const doc = await collection.findOne({ type, name: { $regex: `^${prefix}-app-` } });
    if (!doc) throw new Error(`no ${type} application written through the API to copy`);
    delete doc._outbox;
    delete doc.bootstrapUser; // sealed for the template's id only; a copy is a microservice whose bootstrap user is not made yet
    templates[type] = doc;
  }
  const firstMs = Date.now() - 1e7;
  const BATCH = 1000;
  for (let from = API_APPS; from < APPS; from += BATCH) {
    const docs = [];
    for (let i = from; i < Math.min(from + BATCH, APPS); i++) {
      const fields = appFields(i);
      const n = i - API_APPS;
      docs.push({ ...templates[fields.type], ...fields, _id: `${firstMs + Math.floor(n / 10000)}${String(n % 10000).padStart(4, '0')}`, owner: isMarket(i) ? MANAGEMENT : tenants[i % TENANTS].id, _version: 1 });
    }
    await collection.insertMany(docs, { ordered: false });
    if ((from - API_APPS) % 20000 < BATCH) console.error(`  ${Math.min(from + BATCH, APPS)}/${APPS} applications stored`);
  }
}

/** The store operations the registry makes for one listing request (list-applications.handler.ts), through the raw driver. */
function rawListing(db, tenant) {
  const applications = db.collection('applications');
  const subscriptions = db.collection('subscriptions');
  return async ({ name, skip, limit, count }) => {
    const subscribed = (await subscriptions.find({ tenant, subscribed: true }, { projection: { applicationId: 1 } }).toArray()).map((r) => r.applicationId);
    const visible = { $or: [{ owner: tenant }, { availability: 'MARKET', owner: { $in: [MANAGEMENT] } }, { _id: { $in: subscribed } }] };
    const filter = name === undefined ? visible : { $and: [visible, { name }] };
    const [docs, total] = await Promise.all([
      applications.find(filter).sort({ _id: 1 }).skip(skip).limit(limit).toArray(),
      count ? applications.countDocuments(filter) : Promise.resolve(undefined),
    ]);
    return { docs, total };
  };
}

async function timed(fn) {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Each query's stack and raw runs, interleaved so both see the same load on the shared machine. */
async function measure(caller, raw, names) {
  const pick = (i) => names[i % names.length];
  const queries = [
    { label: 'first page', path: () => `/application/applications?pageSize=${PAGE_SIZE}`, raw: () => ({ skip: 0, limit: PAGE_SIZE }) },
    { label: `page ${PAGE}`, path: () => `/application/applications?pageSize=${PAGE_SIZE}&currentPage=${PAGE}`, raw: () => ({ skip: (PAGE - 1) * PAGE_SIZE, limit: PAGE_SIZE }) },
    { label: 'applicationsByName', path: (i) => `/application/applicationsByName/${pick(i)}`, raw: (i) => ({ name: pick(i), skip: 0, limit: 5 }) },
    { label: 'withTotalPages count', path: () => '/application/applications?pageSize=1&withTotalPages=true', raw: () => ({ skip: 0, limit: 1, count: true }) },
  ];
  const results = [];
  for (const q of queries) {
    const stack = [];
    const direct = [];
    for (let i = -WARM_UP; i < RUNS; i++) {
      const s = await timed(async () => {
        const res = await gw(q.path(i + WARM_UP), { auth: caller.auth });
        const body = expectStatus(res, 200, q.label);
        if (!body.applications.length) throw new Error(`${q.label}: empty page`);
      });
      const r = await timed(async () => {
        const { docs } = await raw(q.raw(i + WARM_UP));
        if (!docs.length) throw new Error(`${q.label} (raw): nothing found`);
      });
      if (i >= 0) { stack.push(s); direct.push(r); }
      console.error(`    ${q.label} ${i < 0 ? 'warm-up' : `run ${i + 1}`}: stack ${s.toFixed(0)} ms, raw ${r.toFixed(0)} ms`);
    }
    results.push({ label: q.label, stack: summarize(stack), raw: summarize(direct) });
    console.error(`  ${q.label}: stack p50 ${results.at(-1).stack.p50.toFixed(1)} ms, raw p50 ${results.at(-1).raw.p50.toFixed(1)} ms`);
  }
  return results;
}

async function main() {
  mkdirSync(logDir, { recursive: true });
  await processes.assertPortsFree(stackPortList);
  console.log(`registry benchmark: ${APPS} applications across ${TENANTS} tenants (${API_APPS} through the API, the rest into the collection), ${RUNS} runs per query; logs in ${logDir}`);
  const started = Date.now();
  gatewayUrl = await startStack({ base, prefix, adminPassword, logDir });
  const mongo = await new MongoClient(process.env.MONGODB_URI).connect();
  try {
    const db = mongo.db(`${prefix}_application_registry`);
    const tenants = await createTenants();
    let since = Date.now();
    await seedThroughApi(tenants);
    const apiMs = Date.now() - since;
    since = Date.now();
    await seedBulk(db.collection('applications'), tenants);
    console.error(`  seeded: ${API_APPS} through the API in ${(apiMs / 1000).toFixed(1)} s, ${APPS - API_APPS} into the collection in ${((Date.now() - since) / 1000).toFixed(1)} s`);

    const caller = tenants[0];
    const raw = rawListing(db, caller.id);
    let since2 = Date.now();
    const stackCount = expectStatus(await gw('/application/applications?pageSize=1&withTotalPages=true', { auth: caller.auth }), 200, 'count').statistics.totalPages;
    const stackMs = Date.now() - since2;
    since2 = Date.now();
    const { total: rawCount } = await raw({ skip: 0, limit: 1, count: true });
    console.error(`  first count: ${stackMs} ms through the stack, ${Date.now() - since2} ms through the raw driver`);
    if (stackCount !== rawCount) throw new Error(`the stack counts ${stackCount} applications visible to ${caller.id}, the raw driver ${rawCount}`);
    console.log(`tenant ${caller.id} sees ${rawCount} of the ${await db.collection('applications').estimatedDocumentCount()} applications (its own and the management tenant's MARKET ones), the same count through the stack and the raw driver`);
    const names = [];
    for (let k = 0; names.length < 50 && k < APPS; k++) {
      const i = (k * 7919) % APPS;
      if (i % TENANTS === 0 || isMarket(i)) names.push(`${prefix}-app-${i}`);
    }

    const results = await measure(caller, raw, names);
    printTable(['query', 'stack p50 (ms)', 'stack p99 (ms)', 'raw driver p50 (ms)', 'raw driver p99 (ms)', 'p50 ratio', 'target ≤ 3×'], results.map((r) => [
      r.label, r.stack.p50.toFixed(1), r.stack.p99.toFixed(1), r.raw.p50.toFixed(1), r.raw.p99.toFixed(1), (r.stack.p50 / r.raw.p50).toFixed(2), r.stack.p50 <= 3 * r.raw.p50 ? 'PASS' : 'FAIL',
    ]));
    console.log(`page size ${PAGE_SIZE}; run took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await mongo.close();
  }
}

runBenchmark(main, { prefix });
