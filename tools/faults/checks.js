// The checks after each fault: every acknowledged write is there, every settled subscription is
// deployed for its tenant (and every unsubscription undeployed), every SMS arrived exactly once.
const BRAND = 'application/vnd.com.nsn.cumulocity';
const SETTLE_MS = 120000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` (an array of problems) until it answers none or SETTLE_MS pass; answers the last problems. */
async function settled(fn) {
  const deadline = Date.now() + SETTLE_MS;
  let problems = await fn();
  while (problems.length && Date.now() < deadline) {
    await sleep(1000);
    problems = await fn();
  }
  return problems;
}

/** Acknowledged applications and options that cannot be read back (reads retried while the platform settles). */
async function lostWrites(request, fixture, ledger) {
  const missing = async () => {
    const lost = [];
    for (const app of ledger.apps) {
      const res = await request(`/application/applications/${app.id}`, { auth: fixture.admin });
      if (res.status !== 200 || res.body?.name !== app.name) lost.push(`application ${app.name} (${res.status})`);
    }
    for (const option of ledger.options) {
      const res = await request(`/tenant/options/faults/${option.key}`, { auth: fixture.admin });
      if (res.status !== 200 || res.body?.value !== option.value) lost.push(`option faults/${option.key} (${res.status})`);
    }
    return lost;
  };
  return settled(missing);
}

/** Subscriptions whose effect does not match the last settled toggle: the microservice's `/application/currentApplication/subscriptions`, and the tenant's own call to it (200 or 403). */
async function subscriptionProblems(request, fixture, ledger) {
  const check = async () => {
    const problems = [...ledger.unsettled].map((t) => `tenant ${t}: the last (un)subscribe never got a definite answer`);
    const row12 = await request('/application/currentApplication/subscriptions', { auth: fixture.bootstrap, accept: `${BRAND}.applicationUserCollection+json` });
    if (row12.status !== 200) return [...problems, `currentApplication/subscriptions: ${row12.status}`];
    const listed = new Set(row12.body.users.map((u) => u.tenant));
    for (const tenant of fixture.tenants) {
      if (ledger.unsettled.has(tenant.id)) continue;
      const want = ledger.subscribed.get(tenant.id);
      if (listed.has(tenant.id) !== want) problems.push(`tenant ${tenant.id}: ${want ? 'subscribed but not listed' : 'unsubscribed but still listed'} in currentApplication/subscriptions`);
      const call = await request(`/service/${fixture.hosted.name}/hello?who=check`, { auth: tenant.auth });
      if (call.status !== (want ? 200 : 403)) problems.push(`tenant ${tenant.id}: ${want ? 'subscribed' : 'unsubscribed'}, its call answered ${call.status}`);
    }
    return problems;
  };
  return settled(check);
}

/** Acknowledged SMS that did not arrive, and every SMS of the phase that arrived more than once. */
async function smsProblems(smsc, ledger, phasePrefix) {
  const missing = () => Promise.resolve(ledger.sms.filter((text) => !smsc.arrivals.has(text)).map((t) => `SMS "${t}" not delivered`));
  const lost = await settled(missing);
  const duplicated = [...smsc.arrivals].filter(([text, a]) => text.startsWith(phasePrefix) && a.count > 1).map(([text, a]) => `SMS "${text}" delivered ${a.count} times`);
  return { lost, duplicated };
}

/** All the checks of one phase: `{ lost, duplicated, problems }`, each a list of descriptions. */
async function checkPhase({ request, fixture, ledger, smsc, phasePrefix }) {
  const [writes, subs, sms] = [await lostWrites(request, fixture, ledger), await subscriptionProblems(request, fixture, ledger), await smsProblems(smsc, ledger, phasePrefix)];
  return { lost: [...writes, ...sms.lost], duplicated: sms.duplicated, problems: subs };
}

module.exports = { checkPhase };
