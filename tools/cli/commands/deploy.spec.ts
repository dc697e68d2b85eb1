import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zip } from '@berth/archives';
import { checkManifest } from '../../../apps/application-registry/src/applications/domain/manifest';

const { deploy } = require('./deploy');
const { Platform } = require('../platform');
const { elapsed } = require('../output');

/**
 * A real local HTTP server playing the platform's deployment endpoints; `status` scripts the status
 * answers in turn, `upload` the answer to the binary upload.
 */
async function platformDouble(status: unknown[], upload: [number, unknown] = [201, { activeVersionId: 'v1' }]) {
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
      if (req.url === '/application/applications/9/binaries') { uploaded = size; return json(...upload); }
      if (req.url === '/application/applications/9' && req.method === 'DELETE') return res.writeHead(204).end();
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
  /** Writes a ZIP holding `manifest` and a stand-in image.tar; answers its path. */
  const zipOf = (fileName: string, manifest: unknown) => {
    const path = join(dir, fileName);
    writeFileSync(path, zip([{ name: 'cumulocity.json', data: JSON.stringify(manifest) }, { name: 'image.tar', data: Buffer.alloc(300000, 1) }]));
    return path;
  };
  const file = zipOf('hello.zip', { name: 'hello', version: '1.0.0' });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** deploy() against `platform`, its progress lines (without their times) in `lines` and its warnings in `warnings`. */
  const deployTo = (platform: { url: string }, zipPath: string, lines: string[], warnings: string[] = [], progress = (_sent: number, _total: number) => {}) =>
    deploy(new Platform(platform.url, 't1/admin', 'secret'), {
      zip: zipPath, timeoutMs: 20000, checkManifest, progress, say: elapsed((l: string) => lines.push(l.replace(/^\[\s*[\d.]+s\] /, ''))), warn: (l: string) => warnings.push(l),
    });

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
      await expect(deployTo(platform, file, lines, [], (sent, total) => progress.push(sent / total))).rejects.toThrow('deployment failed: image.tar of version 1.0.0 could not be loaded: bad layer');
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

  it('refuses a manifest with a misspelled field before any request, naming the field it likely means', async () => {
    const platform = await platformDouble([]);
    const lines: string[] = [];
    const warnings: string[] = [];
    try {
      await expect(deployTo(platform, zipOf('typo.zip', { name: 'hello', version: '1.0.0', requiredRole: [], vendorNote: 'x', replicas: '2' }), lines, warnings))
        .rejects.toThrow('cumulocity.json is invalid: requiredRole: not a manifest field; did you mean requiredRoles?; replicas: Expected number, received string');
    } finally {
      await platform.close();
    }
    expect({ seen: platform.seen, lines, warnings }).toEqual({ seen: [], lines: [], warnings: ['warning: cumulocity.json: vendorNote: not a manifest field; kept as it is'] });
  });

  it('removes the application it created when the platform refuses the upload', async () => {
    const platform = await platformDouble([], [422, { error: 'applications/Unprocessable Entity', message: 'Invalid binary: image.tar is not a docker save archive: bad' }]);
    const lines: string[] = [];
    try {
      await expect(deployTo(platform, file, lines)).rejects.toThrow('upload refused: 422 applications/Unprocessable Entity: Invalid binary: image.tar is not a docker save archive: bad');
    } finally {
      await platform.close();
    }
    expect(platform.seen).toEqual(['GET /application/applicationsByName/hello', 'POST /application/applications', 'POST /application/applications/9/binaries', 'DELETE /application/applications/9']);
    expect(lines).toEqual(['hello 1.0.0 from hello.zip', 'created application hello (id 9)', 'removed application hello again']);
  });

  it('fails with the reason when the platform rolls the new version back, the old one still serving', async () => {
    const at = new Date(Date.now() + 5000).toISOString();
    const platform = await platformDouble([
      { status: 'Up', version: '0.9.0', instances: [], restarts: 0, rollout: { from: '0.9.0', to: '1.0.0', since: at } },
      { status: 'Up', version: '0.9.0', instances: [], restarts: 0, rollback: { from: '1.0.0', to: '0.9.0', at, reason: 'not ready within 12 s: GET /health answered 503' } },
    ]);
    const lines: string[] = [];
    try {
      await expect(deployTo(platform, file, lines)).rejects.toThrow('version 1.0.0 was rolled back to 0.9.0: not ready within 12 s: GET /health answered 503');
    } finally {
      await platform.close();
    }
    expect(platform.seen).not.toContain('GET /service/hello/health');
  });
});

describe('serves', () => {
  const { serves } = require('../follow-deployment');

  it('is true once the version is Up with no update under way, or with the route switched to it', () => {
    expect(serves({ status: 'Up', version: '1.0.0' }, '1.0.0')).toBe(true);
    expect(serves({ status: 'Up', version: '1.0.0', rollout: { from: '0.9.0', to: '1.0.0', switchedAt: 'x' } }, '1.0.0')).toBe(true);
    expect(serves({ status: 'Up', version: '0.9.0', rollout: { from: '0.9.0', to: '1.0.0' } }, '1.0.0')).toBe(false);
    expect(serves({ status: 'Down', version: '1.0.0' }, '1.0.0')).toBe(false);
    expect(serves(undefined, '1.0.0')).toBe(false);
  });
});
