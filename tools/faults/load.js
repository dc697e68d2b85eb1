// The steady write mix the faults are injected under: applications and tenant options created,
// tenants subscribed to and unsubscribed from the hosted microservice in turn, SMS sent, and the
// hosted microservice called. Every acknowledged (2xx) write goes into the ledger the checks read.

const PAUSE_MS = 250;
const SMS_BRAND = 'application/vnd.com.nsn.cumulocity';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs the writers until `stop()`; `ledger` holds what they had acknowledged. `fixture`: { run,
 * admin (Authorization), sender, smsAuth, hosted: { id, name }, tenants: [{ id, auth }], subscribed
 * (tenant → whether it is subscribed, kept across phases) }; `tag` makes this phase's names unique.
 */
function startLoad(client, fixture, tag) {
  const ledger = { apps: [], options: [], sms: [], subscribed: fixture.subscribed, unsettled: new Set() };
  let running = true;
  let n = 0;
  const { request } = client;

  async function appWriter() {
    while (running) {
      const name = `${fixture.run}${tag}a${n++}`;
      const res = await request('/application/applications', { method: 'POST', auth: fixture.admin, body: { name, key: `${name}-key`, type: 'HOSTED', contextPath: name, resourcesUrl: '/' } });
      if (res.outcome === 'ok') ledger.apps.push({ id: res.body.id, name });
      await sleep(PAUSE_MS);
    }
  }

  async function optionWriter() {
    while (running) {
      const key = `${tag}k${n++}`;
      const value = `v-${fixture.run}-${key}`;
      const res = await request('/tenant/options', { method: 'POST', auth: fixture.admin, body: { category: 'faults', key, value } });
      if (res.outcome === 'ok') ledger.options.push({ key, value });
      await sleep(PAUSE_MS);
    }
  }

  async function smsWriter() {
    const path = `/service/messaging/smsmessaging/outbound/${encodeURIComponent(`tel:${fixture.sender}`)}/requests`;
    while (running) {
      const text = `${fixture.run}${tag} sms ${n++}`;
      const body = { outboundSMSMessageRequest: { address: ['tel:+4917612345678'], senderAddress: `tel:${fixture.sender}`, outboundSMSTextMessage: { message: text } } };
      const res = await request(path, { method: 'POST', auth: fixture.smsAuth, body });
      if (res.outcome === 'ok') ledger.sms.push(text);
      await sleep(PAUSE_MS);
    }
  }

  /**
   * Toggles each tenant's subscription in turn. A toggle is settled by its 2xx, or by the
   * Duplicate (409) / not subscribed (404) answer that says an earlier, unanswered attempt took
   * effect; until then it is retried (also after stop(), for up to a minute).
   */
  async function subscriptionWriter() {
    for (let i = 0; running; i++) {
      const tenant = fixture.tenants[i % fixture.tenants.length].id;
      const subscribe = !ledger.subscribed.get(tenant);
      ledger.unsettled.add(tenant);
      const deadline = Date.now() + 60000;
      while (Date.now() < deadline) {
        const res = subscribe
          ? await request(`/tenant/tenants/${tenant}/applications`, { method: 'POST', auth: fixture.admin, body: { application: { id: String(fixture.hosted.id) } }, accept: `${SMS_BRAND}.applicationReference+json`, expected: [409] })
          : await request(`/tenant/tenants/${tenant}/applications/${fixture.hosted.id}`, { method: 'DELETE', auth: fixture.admin, expected: [404] });
        if (res.outcome === 'ok' || res.outcome === 'expected') {
          ledger.subscribed.set(tenant, subscribe);
          ledger.unsettled.delete(tenant);
          break;
        }
        await sleep(1000);
      }
      await sleep(PAUSE_MS * 2);
    }
  }

  async function hostedCaller() {
    while (running) {
      await request(`/service/${fixture.hosted.name}/hello?who=faults`, { auth: fixture.admin });
      await sleep(PAUSE_MS);
    }
  }

  const loops = [appWriter(), optionWriter(), smsWriter(), subscriptionWriter(), hostedCaller()];
  return {
    ledger,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

module.exports = { startLoad };
