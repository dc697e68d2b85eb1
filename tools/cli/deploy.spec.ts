import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zip } from '@berth/archives';

const { deploy } = require('./deploy');
const { Platform } = require('./platform');

/** A real local HTTP server playing the platform's deployment endpoints; `status` scripts the status answers in turn. */
async function platformDouble(status: unknown[]) {
  const seen: string[] = [];
  let uploaded = 0;
  const server: Server = createServer((req: IncomingMessage, res) => {
    let size = 0;
    req.on('data', (c) => { size += c.length; });
    req.on('end', () => {
      seen.push(`${req.method} ${req.url}`);
      const json = (code: number, body: unknown) => res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/application/applicationsByName/hello') return json(200, { applications: [] });
      if (req.url === '/application/applications' && req.method === 'POST') return json(201, { id: '9', name: 'hello', type: 'MICROSERVICE' });
      if (req.url === '/application/applications/9/binaries') { uploaded = size; return json(201, { activeVersionId: 'v1' }); }
      if (req.url === '/tenant/currentTenant') return json(200, { id: 't1' });
      if (req.url === '/tenant/tenants/t1/applications') return json(201, {});
      if (req.url === '/application/applications/9/status') return json(200, status.length > 1 ? status.shift() : status[0]);
      if (req.url === '/service/hello/health') return json(503, { status: 'DOWN' });
      return json(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, uploaded: () => uploaded, close: () => new Promise((r) => server.close(r)) };
}

describe('berth microservice deploy', () => {
  const dir = mkdtempSync(join(tmpdir(), 'berth-cli-'));
  const file = join(dir, 'hello.zip');
  writeFileSync(file, zip([{ name: 'cumulocity.json', data: JSON.stringify({ name: 'hello', version: '1.0.0' }) }, { name: 'image.tar', data: Buffer.alloc(300000, 1) }]));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('shows each stage as it appears and fails with the reason when the deployment fails', async () => {
    const at = new Date(Date.now() + 5000).toISOString();
    const now = () => at;
    const platform = await platformDouble([
      { status: 'Down', instances: [], restarts: 0, stages: [{ stage: 'Desired', at: now(), detail: 'version 1.0.0' }] },
      { status: 'Failed', instances: [], restarts: 0, stages: [{ stage: 'Desired', at: now(), detail: 'version 1.0.0' }, { stage: 'ImageLoading', at: now() }],
        lastFailure: { at: now(), reason: 'image.tar of version 1.0.0 could not be loaded: bad layer' } },
    ]);
    const lines: string[] = [];
    const progress: number[] = [];
    try {
      await expect(deploy(new Platform(platform.url, 't1/admin', 'secret'), { zip: file, timeoutMs: 20000, out: (l: string) => lines.push(l.replace(/^\[\s*[\d.]+s\] /, '')), progress: (sent: number, total: number) => progress.push(sent / total) }))
        .rejects.toThrow('deployment failed: image.tar of version 1.0.0 could not be loaded: bad layer');
    } finally {
      await platform.close();
    }
    expect(lines).toEqual([
      'hello 1.0.0 from hello.zip', 'created application hello (id 9)', 'uploaded hello.zip (active version v1)', 'subscribed tenant t1',
      'stage Desired: version 1.0.0', 'status Down, 0/0 instances healthy, 0 restarts', 'stage ImageLoading', 'status Failed, 0/0 instances healthy, 0 restarts',
      'failure: image.tar of version 1.0.0 could not be loaded: bad layer',
    ]);
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(2);
    expect(platform.uploaded()).toBeGreaterThan(300000);
  });
});
