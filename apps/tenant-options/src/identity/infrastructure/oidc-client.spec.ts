import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import type { LoginOptionFields, LoginOptionRecord } from '../domain/login-option';
import type { LoginOptionStore } from './login-option-store';
import { OidcClient } from './oidc-client';

const guarded = { BERTH_OUTBOUND_ALLOW_PRIVATE: false, BERTH_OUTBOUND_ALLOW_CIDRS: [] } as unknown as TenantOptionsConfig;
const store = { clientSecret: () => undefined } as unknown as LoginOptionStore;

describe('OidcClient and the outbound guard', () => {
  let server: Server;
  let base: string;
  let hits = 0;
  const client = new OidcClient(store, guarded);

  beforeAll(async () => {
    server = createServer((_req, res) => { hits++; res.setHeader('content-type', 'application/json'); res.end('{}'); });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await client.onApplicationShutdown();
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses an option whose server-called URLs name private addresses (422 naming the field); the browser\'s authorization endpoint may', async () => {
    const fields = (f: Partial<LoginOptionFields>) => ({ authorizationEndpoint: 'http://127.0.0.1/authorize', ...f }) as LoginOptionFields;
    await expect(client.checkCalledUrls(fields({ issuer: 'http://localhost:8080/realms/x' })))
      .rejects.toMatchObject({ status: 422, code: 'loginOptions/Invalid Data', message: 'issuer names a private or loopback address' });
    await expect(client.checkCalledUrls(fields({ tokenEndpoint: 'https://8.8.8.8/token', jwksUri: 'http://[::ffff:10.0.0.1]/jwks' })))
      .rejects.toMatchObject({ status: 422, message: 'jwksUri names a private or loopback address' });
    await expect(client.checkCalledUrls(fields({ tokenEndpoint: 'https://8.8.8.8/token', jwksUri: 'https://8.8.4.4/jwks' }))).resolves.toBeUndefined();
  });

  it('does not call a private token endpoint at login time either: the login fails like an unreachable server', async () => {
    const option = { clientId: 'c', redirectToPlatform: 'https://b.example/', tokenEndpoint: `${base}/token`, jwksUri: `${base}/jwks`, authorizationEndpoint: `${base}/a` } as LoginOptionRecord;
    await expect(client.login(option, 'code', undefined, 'nonce')).rejects.toMatchObject({ status: 401, message: expect.stringMatching(/is not reachable/) });
    expect(hits).toBe(0);
  });
});
