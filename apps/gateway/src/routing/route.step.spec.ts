import { exchangeFor, written } from '../../test/exchange';
import type { GatewayExchange } from '../pipeline/exchange';
import { OwnResources } from './own-resources';
import { Destinations, route } from './route.step';

/** Destinations that record where each request went. */
function destinations() {
  const went: string[] = [];
  const own = new OwnResources().get('/platform', () => ({ headers: { 'content-type': 'application/json' }, body: '{}' }));
  const to: Destinations = {
    own, security: { 'x-frame-options': 'DENY' },
    app: async (_ex, app) => { went.push(`app ${app}`); },
    service: async (_ex, t) => { went.push(`service ${t.name} ${t.rest}`); },
    serviceUpgrade: async (_ex, t) => { went.push(`upgrade ${t.name} ${t.rest}`); },
  };
  return { went, step: route(to) };
}
const upgrade: Partial<GatewayExchange> = { upgrade: { socket: undefined as never, head: Buffer.alloc(0) } };

describe('route step', () => {
  it('sends each kind of request where it belongs and labels its metrics', async () => {
    const { went, step } = destinations();
    const labels: string[] = [];
    for (const ex of [
      exchangeFor('DELETE', '/application/applications/1'), exchangeFor('PROPFIND', '/user/currentUser'),
      exchangeFor('POST', '/service/greeter/hello'), exchangeFor('GET', '/service/greeter/ws', {}, upgrade),
    ]) {
      await step(ex);
      labels.push(ex.route);
    }
    expect(went).toEqual(['app application-registry', 'app tenant-options', 'service greeter /hello', 'upgrade greeter /ws']);
    expect(labels).toEqual(['proxy:application-registry', 'proxy:tenant-options', 'proxy:service', 'upgrade:service']);
  });

  it('answers the gateway\'s own resources with the security headers, HEAD as GET', () => {
    const { step } = destinations();
    for (const method of ['GET', 'HEAD']) {
      const ex = exchangeFor(method, '/platform');
      expect(step(ex)).toBeUndefined();
      expect(written(ex)).toMatch(/^HTTP\/1\.1 200[\s\S]*x-frame-options: DENY[\s\S]*content-length: 2\r\n/i);
      expect(ex.route).toBe('/platform');
    }
  });

  it('refuses an unknown path, another method on an own resource, and an upgrade anywhere but a microservice', () => {
    const { step, went } = destinations();
    expect(() => step(exchangeFor('GET', '/nothing'))).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => step(exchangeFor('TRACE', '/service/greeter/x'))).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => step(exchangeFor('GET', '/user/currentUser', {}, upgrade))).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => step(exchangeFor('GET', '/service/%zz/x'))).toThrow(expect.objectContaining({ status: 400 }));
    expect(went).toEqual([]);
  });
});
