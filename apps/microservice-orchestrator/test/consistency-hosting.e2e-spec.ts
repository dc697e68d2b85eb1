import { admin, eventually, gw, inRounds, newTenant, TenantHandle } from '@berth/testing';
import { hostingHooks, microservice, subscribe, subscribeManagement, unsubscribe } from './hosting-fixture';

hostingHooks();

/**
 * Read-your-writes for hosted microservices: once an unsubscription is answered 204, the gateway
 * routes that tenant's next `/service/<name>/…` request nowhere, and still routes everyone else's.
 * Starting containers is setup (waited for); the steps run back to back.
 */
const echo = (name: string, as: [string, string]) => gw(`/service/${name}/echo/x`, { as });
const REFUSED = [403, 404];
const UP_WITHIN = 90_000;

describe('read-your-writes for hosted microservices', () => {
  it('4: the owner, sole subscriber, unsubscribes; its next request to the service is refused at once', async () => {
    await inRounds('the sole subscriber unsubscribes, then calls the service', async () => {
      const { id, name } = await microservice({ resources: { memory: '64M' } });
      await subscribeManagement(id);
      expect((await eventually(() => echo(name, admin()), (r) => r.status === 200, UP_WITHIN)).status).toBe(200);
      return { id, name };
    }, async (round, { id, name }) => {
      await round.step('unsubscribe the owner', () => unsubscribe('management', id, admin()), 204);
      await round.step('the owner calls the service', () => echo(name, admin()), REFUSED);
    });
  }, 600_000);

  describe('7: one of two subscribers unsubscribes', () => {
    let service: { id: string; name: string };
    let staying: TenantHandle;

    beforeAll(async () => {
      service = await microservice({ isolation: 'MULTI_TENANT', resources: { memory: '64M' } });
      expect((await gw(`/application/applications/${service.id}`, { method: 'PUT', as: admin(), body: { availability: 'MARKET' } })).status).toBe(200);
      staying = await newTenant();
      expect((await eventually(() => subscribe(staying.id, service.id, admin()), (r) => r.status !== 404, 30_000)).status).toBe(201);
      expect((await eventually(() => echo(service.name, staying.admin), (r) => r.status === 200, UP_WITHIN)).status).toBe(200);
    }, 150_000);

    it('its next request is refused at once, the other tenant\'s still answers', async () => {
      await inRounds('one subscriber of two unsubscribes, then both call the service', async () => {
        const leaving = await newTenant();
        expect((await eventually(() => subscribe(leaving.id, service.id, admin()), (r) => r.status !== 404, 30_000)).status).toBe(201);
        expect((await eventually(() => echo(service.name, leaving.admin), (r) => r.status === 200, UP_WITHIN)).status).toBe(200);
        return leaving;
      }, async (round, leaving) => {
        await round.step('unsubscribe one tenant', () => unsubscribe(leaving.id, service.id, leaving.admin), 204);
        await round.step('the unsubscribed tenant calls the service', () => echo(service.name, leaving.admin), REFUSED);
        await round.step('the other tenant calls the service', () => echo(service.name, staying.admin), 200);
      });
    }, 300_000);
  });
});
