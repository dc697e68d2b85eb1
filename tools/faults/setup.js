// What the faults run on: the six apps on the run's own infra, the example microservice hosted on
// the shared engine, tenants to subscribe, and a tenant whose SMS provider is a local SMSC.
const { randomUUID } = require('node:crypto');
const { rmSync } = require('node:fs');
const { join } = require('node:path');
const { packageMicroservice } = require('../microservice/package');
const { Platform } = require('../cli/platform');
const { deploy } = require('../cli/commands/deploy');
const { elapsed } = require('../cli/output');
const { basic } = require('./client');

const ROOT = join(__dirname, '..', '..');
const SENDER = '+4915112345678';
const TENANTS = 3;

async function expectStatus(promise, statuses, what) {
  const res = await promise;
  if (!statuses.includes(res.status)) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res;
}

/** Repeats `fn` every 500 ms until it answers one of `statuses` or `ms` pass (new resources reach other apps through Kafka). */
async function retryUntil(fn, statuses, what, ms = 30000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await fn();
    if (statuses.includes(res.status) || Date.now() > deadline) return expectStatus(Promise.resolve(res), statuses, what);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Packages examples/hello-microservice under `name` and deploys it with the CLI's flow; MARKET, so other tenants can subscribe. */
async function hostMicroservice(platform, name, log) {
  const packaged = packageMicroservice(join(ROOT, 'examples', 'hello-microservice'), join(ROOT, 'dist', 'microservices'), { name });
  const app = await deploy(platform, { zip: packaged.zipPath, timeoutMs: 600000, say: elapsed((l) => log(`  ${l}`)), warn: (l) => log(`  ${l}`), progress: () => undefined });
  rmSync(packaged.zipPath, { force: true });
  await expectStatus(platform.request(`/application/applications/${app.id}`, { method: 'PUT', body: { availability: 'MARKET' } }), [200], 'availability MARKET');
  return app;
}

async function newTenant(platform) {
  const adminPass = `Pw-${randomUUID()}`;
  const body = { company: 'Faults', domain: `faults-${randomUUID().slice(0, 8)}.example.com`, adminName: 'boss', adminPass, adminEmail: 'boss@example.com' };
  const { body: tenant } = await expectStatus(platform.request('/tenant/tenants', { method: 'POST', body }), [201], 'tenant');
  return { id: tenant.id, auth: basic(`${tenant.id}/boss`, adminPass) };
}

/** A tenant whose SMS provider is the SMSC on `smscPort`; answers its admin's Authorization once a first message arrived. */
async function smsTenant(platform, smsc, smscPort, run) {
  const tenant = await newTenant(platform);
  const as = new Platform(platform.url, 'x', 'x');
  as.authorization = tenant.auth;
  const configuration = { provider: 'smpp', senderAddress: SENDER, settings: { host: '127.0.0.1', port: String(smscPort), systemId: tenant.id, password: run } };
  await retryUntil(() => as.request('/service/messaging/providers/configuration', { method: 'PUT', body: configuration }), [200], 'SMS provider configuration');
  const warm = `${run} warm-up`;
  const path = `/service/messaging/smsmessaging/outbound/${encodeURIComponent(`tel:${SENDER}`)}/requests`;
  const message = { outboundSMSMessageRequest: { address: ['tel:+4917612345678'], senderAddress: `tel:${SENDER}`, outboundSMSTextMessage: { message: warm } } };
  await expectStatus(as.request(path, { method: 'POST', body: message }), [201], 'warm-up SMS');
  const deadline = Date.now() + 60000;
  while (!smsc.arrivals.has(warm) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (!smsc.arrivals.has(warm)) throw new Error('the warm-up SMS did not reach the SMSC');
  return tenant.auth;
}

/** The load's fixture (see load.js) on the running stack, plus the hosted microservice's bootstrap credentials. */
async function makeFixture({ gatewayUrl, adminPassword, run, smsc, smscPort, log }) {
  const platform = new Platform(gatewayUrl, 'management/admin', adminPassword);
  const hosted = await hostMicroservice(platform, `${run}-hello`, log);
  const tenants = [];
  for (let i = 0; i < TENANTS; i++) tenants.push(await newTenant(platform));
  const smsAuth = await smsTenant(platform, smsc, smscPort, run);
  const boot = await retryUntil(() => platform.request(`/application/applications/${hosted.id}/bootstrapUser`), [200], 'bootstrap user');
  return {
    run, admin: platform.authorization, sender: SENDER, smsAuth, hosted, tenants,
    subscribed: new Map(tenants.map((t) => [t.id, false])),
    bootstrap: basic(`${boot.body.tenant}/${boot.body.name}`, boot.body.password),
  };
}

module.exports = { makeFixture };
