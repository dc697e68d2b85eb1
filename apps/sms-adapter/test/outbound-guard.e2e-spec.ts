import { createServer, Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { eventually, gw, newTenant, testServerPort, testStack } from '@berth/testing';
import { FakeProviderA } from './fakes';

type Tenant = Awaited<ReturnType<typeof newTenant>>;

const SENDER = '+4915112345678';
const outbound = `/service/messaging/smsmessaging/outbound/${encodeURIComponent(`tel:${SENDER}`)}/requests`;
const sendBody = (message: string) => ({ outboundSMSMessageRequest: { address: ['tel:+4917612345678'], senderAddress: `tel:${SENDER}`, outboundSMSTextMessage: { message } } });
const useProviderA = (as: [string, string], baseUrl: string) => gw('/service/messaging/providers/configuration', {
  method: 'PUT', as, body: { provider: 'http-a', senderAddress: SENDER, settings: { baseUrl, username: 'acme', password: 'a-secret-pass' } },
});
const oauth2Option = (issuer: string) => ({
  type: 'OAUTH2', buttonName: 'SSO', issuer, clientId: 'berth-client', clientSecret: 'berth-client-secret', redirectToPlatform: 'http://127.0.0.1:9/apps/callback', defaultRoles: [],
});

/** An OpenID provider's discovery document on 127.0.0.1:`port`, counting the requests it gets. */
async function discoveryServer(port: number): Promise<{ server: Server; issuer: string; requests: string[] }> {
  const issuer = `http://127.0.0.1:${port}`;
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
      issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`,
    }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, issuer, requests };
}

/**
 * The stack runs as production does: the outbound guard on, and only the test servers' exact
 * `127.0.0.1:<port>` allowed (BERTH_OUTBOUND_ALLOW_HOSTS). A tenant pointing the platform at one of
 * its own apps on loopback gets nothing out of it.
 */
describe('outbound guard: tenant-supplied URLs cannot reach the platform\'s own apps on loopback', () => {
  const allowedProvider = new FakeProviderA();
  let idp: Awaited<ReturnType<typeof discoveryServer>>;
  let attacker: Tenant;

  beforeAll(async () => {
    await allowedProvider.start(testServerPort('allowed-provider'));
    idp = await discoveryServer(testServerPort('allowed-idp'));
    attacker = await newTenant();
  });

  afterAll(async () => {
    await allowedProvider.stop();
    await new Promise((resolve) => idp.server.close(resolve));
  });

  it('an SMS provider baseUrl on an internal app\'s port: the delivery fails at once and reflects nothing of the app\'s answer', async () => {
    const internal = testStack.appUrl('tenant-options');
    const baseUrl = `${internal}/tenant/options`;
    // What the internal app would answer the provider call: none of it may come back to the tenant.
    const answer = await (await fetch(`${baseUrl}/messages`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: '{}' })).text();
    expect(JSON.parse(answer)).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect((await useProviderA(attacker.admin, baseUrl)).status).toBe(200);
    const sent = await gw(outbound, { method: 'POST', as: attacker.admin, body: sendBody(`probe ${randomBytes(4).toString('hex')}`) });
    expect(sent.status).toBe(201);
    const infos = await eventually(
      async () => (await gw(`${new URL(sent.body.resourceReference.resourceURL).pathname}/deliveryInfos`, { as: attacker.admin })).body,
      (body) => body?.deliveryInfoList?.deliveryInfo?.[0]?.deliveryStatus === 'DeliveryImpossible', 20000,
    );
    const [info] = infos.deliveryInfoList.deliveryInfo;
    expect(info.description).toMatch(/^rejected by the provider: http-a: refused: 127\.0\.0\.1, a private or loopback address this platform does not call/);
    const reflected = JSON.stringify(infos);
    const internalAnswer = JSON.parse(answer) as { error: string; message: string };
    expect(reflected).not.toContain(internalAnswer.message);
    expect(reflected).not.toContain(internalAnswer.error);
  });

  it('an OAuth2 login option whose issuer is an internal app\'s port: 422 naming the field, and no login option stored', async () => {
    const res = await gw('/tenant/loginOptions/sso', { method: 'PUT', as: attacker.admin, body: oauth2Option(testStack.appUrl('tenant-options')) });
    expect({ status: res.status, error: res.body?.error, message: res.body?.message })
      .toEqual({ status: 422, error: 'loginOptions/Invalid Data', message: 'issuer names a private or loopback address' });
    const options = await gw(`/tenant/loginOptions?tenantId=${attacker.id}`);
    expect(options.body.loginOptions.filter((o: { type: string }) => o.type === 'oauth2')).toEqual([]);
  });

  it('a test server at an allowed exact host:port is reached: the SMS provider gets the message, the issuer\'s discovery is fetched', async () => {
    const tenant = await newTenant();
    expect((await useProviderA(tenant.admin, allowedProvider.baseUrl)).status).toBe(200);
    const message = `allowed ${randomBytes(4).toString('hex')}`;
    expect((await gw(outbound, { method: 'POST', as: tenant.admin, body: sendBody(message) })).status).toBe(201);
    await eventually(async () => allowedProvider.submitted.filter((m) => m.text === message), (m) => m.length === 1, 20000);

    expect((await gw('/tenant/loginOptions/sso', { method: 'PUT', as: tenant.admin, body: oauth2Option(idp.issuer) })).status).toBe(201);
    const options = await gw(`/tenant/loginOptions?tenantId=${tenant.id}`);
    const initRequest = options.body.loginOptions.find((o: { type: string }) => o.type === 'oauth2').initRequest as string;
    const init = await fetch(`${testStack.gatewayUrl}${new URL(initRequest).pathname}${new URL(initRequest).search}`, { redirect: 'manual' });
    expect(init.status).toBe(302);
    expect(new URL(init.headers.get('location')!).origin + new URL(init.headers.get('location')!).pathname).toBe(`${idp.issuer}/auth`);
    expect(idp.requests).toContain('/.well-known/openid-configuration');
  });
});
