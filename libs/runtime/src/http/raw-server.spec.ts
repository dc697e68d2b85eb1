import { once } from 'node:events';
import { type AddressInfo, connect } from 'node:net';
import { limitedServer, rawFirstServer } from './raw-server';

describe('rawFirstServer', () => {
  it('gives each request to the raw handler first and the rest to Fastify, with the configured limits', async () => {
    const server = rawFirstServer(
      () => (req, res) => req.url === '/raw' && (res.end('raw'), true),
      (_req, res) => res.end('fastify'),
      { maxHeaderBytes: 4096, headersTimeoutMs: 20_000, requestTimeoutMs: 10_000, idleTimeoutMs: 30_000, keepAliveTimeoutMs: 72_000 },
    );
    // The idle timeout is the server's own sweep, not Node's socket timeout.
    expect([server.keepAliveTimeout, server.requestTimeout, server.headersTimeout, server.timeout]).toEqual([72_000, 10_000, 10_000, 0]);
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

  it('closes a connection on which nothing moved for idleTimeoutMs, and only then', async () => {
    const server = limitedServer((_req, res) => res.end('ok'), {
      maxHeaderBytes: 4096, headersTimeoutMs: 20_000, requestTimeoutMs: 0, idleTimeoutMs: 300, keepAliveTimeoutMs: 72_000,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      const opened = Date.now();
      // A request head trickled in a byte every 100 ms keeps the connection open past the idle time.
      const head = 'GET / HTTP/1.1\r\nhost: x\r\n';
      for (const byte of head.slice(0, 6)) {
        socket.write(byte);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(socket.destroyed).toBe(false);
      const quiet = Date.now();
      socket.resume();
      await once(socket, 'close');
      expect(Date.now() - quiet).toBeGreaterThanOrEqual(300 - 100);
      expect(Date.now() - opened).toBeGreaterThanOrEqual(600);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
