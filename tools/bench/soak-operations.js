// The soak's operations, each one to three requests through the gateway, with bounded data: options
// overwrite 100 keys, applications are created and deleted again, subscriptions toggle on a pool of
// applications made at set-up, and SMS go to the soak's SMSC. `call` times one request and records
// an unexpected answer as an error.

/** Expects one of `statuses`; `route` names the request (for its latency), the error names it and the answer. */
function expect(what, res, ...statuses) {
  return { ok: statuses.includes(res.status), route: what, what: `${what} → ${res.status} ${JSON.stringify(res.body ?? '').slice(0, 120)}` };
}

/** The operations, in the order the soak cycles through them. */
async function operations({ request, tenant, auth, prefix }) {
  const pool = [];
  for (let i = 0; i < 20; i++) {
    const name = `${prefix}sub${i}`;
    const made = await request('/application/applications', { method: 'POST', auth, body: { name, key: `${name}-key`, type: 'EXTERNAL', externalUrl: 'https://example.com' } });
    if (made.status !== 201) throw new Error(`application: ${made.status} ${JSON.stringify(made.body)}`);
    pool.push(made.body.id);
  }
  const option = (i, call) => call(async () => expect('PUT option', await request(`/tenant/options/soak/k${i % 100}`, { method: 'PUT', auth, body: { value: `v${i}` } }), 200));
  const readOption = (i, call) => call(async () => expect('GET option', await request(`/tenant/options/soak/k${(i + 50) % 100}`, { auth }), 200, 404));
  const application = async (i, call) => {
    let id;
    await call(async () => {
      const res = await request('/application/applications', { method: 'POST', auth, body: { name: `${prefix}app${i}`, key: `${prefix}app${i}-key`, type: 'EXTERNAL', externalUrl: 'https://example.com' } });
      id = res.body?.id;
      return expect('POST application', res, 201);
    });
    if (id) await call(async () => expect('DELETE application', await request(`/application/applications/${id}`, { method: 'DELETE', auth }), 204));
  };
  const list = (_i, call) => call(async () => expect('GET applications', await request('/application/applications?pageSize=5', { auth }), 200));
  const subscription = async (i, call) => {
    const id = pool[Math.floor(i / 6) % pool.length];
    await call(async () => expect('POST subscription', await request(`/tenant/tenants/${tenant}/applications`, { method: 'POST', auth, body: { application: { id } } }), 201, 409));
    await call(async () => expect('DELETE subscription', await request(`/tenant/tenants/${tenant}/applications/${id}`, { method: 'DELETE', auth }), 204, 404));
  };
  const sms = (i, call) => call(async () => expect('POST sms', await request(`/service/messaging/smsmessaging/outbound/${encodeURIComponent('tel:+4915112345678')}/requests`, {
    method: 'POST', auth, body: { outboundSMSMessageRequest: { address: ['tel:+4917612345678'], senderAddress: 'tel:+4915112345678', outboundSMSTextMessage: { message: `soak ${i}` } } },
  }), 201));
  return [option, application, list, subscription, sms, readOption];
}

module.exports = { operations };
