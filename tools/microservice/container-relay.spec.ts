import { createServer, Server } from 'node:http';
import { createServer as createTcpServer, connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { startContainerRelay } = require('./container-relay') as {
  startContainerRelay(target: number, port: number, onSkip: (reason: string) => void, dockerHost: string, retryMs?: number): Promise<{ url: string; close(): Promise<void> } | undefined>;
};

/** An engine API on a unix socket that lists one bridge network with `gateway`. */
async function fakeEngine(gateway: string): Promise<{ host: string; server: Server; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'relay-'));
  const socket = join(dir, 'engine.sock');
  const server = createServer((req, res) => res.end(JSON.stringify([{ Driver: 'bridge', IPAM: { Config: [{ Gateway: gateway }] } }])));
  await new Promise<void>((r) => server.listen(socket, r));
  return { host: `unix://${socket}`, server, dir };
}

const free = () => new Promise<number>((resolve) => {
  const s = createTcpServer().listen(0, '127.0.0.1', () => { const { port } = s.address() as { port: number }; s.close(() => resolve(port)); });
});

describe('startContainerRelay', () => {
  it('relays TCP from the bridge address to the target on loopback', async () => {
    const engine = await fakeEngine('127.0.0.1');
    const target = createTcpServer((c) => c.end('from target'));
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    const relay = await startContainerRelay((target.address() as { port: number }).port, await free(), () => undefined, engine.host);
    try {
      const got = await new Promise<string>((resolve, reject) => {
        let text = '';
        connect(Number(new URL(relay!.url).port), '127.0.0.1').on('data', (c) => { text += c; }).on('end', () => resolve(text)).on('error', reject);
      });
      expect(got).toBe('from target');
    } finally {
      await relay!.close();
      target.close();
      engine.server.close();
      rmSync(engine.dir, { recursive: true, force: true });
    }
  });

  it('gives the URL while the bridge address does not exist yet, and keeps trying to listen there', async () => {
    const engine = await fakeEngine('192.0.2.1'); // TEST-NET-1: never an address of this machine
    const skipped: string[] = [];
    const relay = await startContainerRelay(1, 45123, (r: string) => skipped.push(r), engine.host, 20);
    try {
      expect(relay?.url).toBe('http://192.0.2.1:45123');
      await new Promise((r) => setTimeout(r, 100));
      expect(skipped).toEqual([]);
    } finally {
      await relay?.close();
      engine.server.close();
      rmSync(engine.dir, { recursive: true, force: true });
    }
  });
});
