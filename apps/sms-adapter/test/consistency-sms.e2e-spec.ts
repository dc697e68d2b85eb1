import { randomBytes } from 'node:crypto';
import { eventually, gw, inRounds, newTenant, TenantHandle, testServerPort } from '@berth/testing';
import { FakeProviderA } from './fakes';
import { send, sendBody, SENDER } from './sms-client';

/**
 * Read-your-writes for SMS provider settings: once `PUT /service/messaging/providers/configuration`
 * is answered, the next outbound request goes to the provider just configured. Two fake providers
 * take turns, so settings one round old would send the message to the other one.
 */
const TO = '+4917612345678';
const providers = [new FakeProviderA(), new FakeProviderA()];
const configure = (as: [string, string], provider: FakeProviderA) =>
  gw('/service/messaging/providers/configuration', { method: 'PUT', as, body: { provider: 'http-a', senderAddress: SENDER, senderName: 'Berth', settings: provider.settings() } });
/** Which provider a message reached (waited for: delivery is asynchronous), or -1. */
const receiverOf = async (text: string) =>
  eventually(async () => providers.findIndex((p) => p.submitted.some((m) => m.text === text)), (i) => i >= 0, 10_000);

let tenant: TenantHandle;

beforeAll(async () => {
  await providers[0].start(testServerPort('consistency-a'));
  await providers[1].start(testServerPort('consistency-b'));
  tenant = await newTenant();
  // The last round's provider first, so that the first round changes the address too.
  expect((await configure(tenant.admin, providers[1])).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await Promise.all(providers.map((p) => p.stop()));
});

describe('read-your-writes for SMS provider settings', () => {
  it('10: an outbound SMS right after a provider change goes to the new provider', async () => {
    await inRounds('configure a provider, then send', async (round) => ({ target: round % 2 === 1 ? 0 : 1, text: `round ${round} ${randomBytes(4).toString('hex')}` }), async (round, { target, text }) => {
      await round.step(`PUT the configuration (provider ${target})`, () => configure(tenant.admin, providers[target]), 200);
      const sent = await round.step('POST an outbound request', () => send(tenant.admin, sendBody([TO], text)), 201);
      const reached = await receiverOf(text);
      round.check(`the message reached provider ${target} (reached: ${reached})`, reached === target, sent);
    });
  }, 300_000);
});
