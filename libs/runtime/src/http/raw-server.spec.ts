import type { AddressInfo } from 'node:net';
import { rawFirstServer } from './raw-server';

describe('rawFirstServer', () => {
  it('gives each request to the raw handler first and the rest to Fastify, with the configured limits', async () => {
    const server = rawFirstServer(
      () => (req, res) => req.url === '/raw' && (res.end('raw'), true),
      (_req, res) => res.end('fastify'),
      { maxHeaderBytes: 4096, headersTimeoutMs: 20_000, requestTimeoutMs: 10_000, idleTimeoutMs: 30_000, keepAliveTimeoutMs: 72_000 },
    );
    expect([server.keepAliveTimeout, server.requestTimeout, server.headersTimeout, server.timeout]).toEqual([72_000, 10_000, 10_000, 30_000]);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect(await (await fetch(`${base}/raw`)).text()).toBe('raw');
      expect(await (await fetch(`${base}/other`)).text()).toBe('fastify');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
