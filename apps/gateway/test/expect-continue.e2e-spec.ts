import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { admin, dockerImage, gw, microserviceZip, testStack } from '@berth/testing';

const run = promisify(execFile);
const MiB = 1024 * 1024;

/** `curl -F file=@<zip>` as a user types it: curl's own headers, `Expect: 100-continue` among them for a body this large. */
async function curlUpload(url: string, user: string, password: string, file: string) {
  const { stdout, stderr } = await run('curl', ['-sS', '-v', '-u', `${user}:${password}`, '-H', 'Accept: application/json', '-F', `file=@${file}`, '-w', '\n%{http_code}', url], { maxBuffer: 16 * MiB });
  const at = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(at + 1)), body: stdout.slice(0, at), trace: stderr };
}

describe('gateway: a request with Expect: 100-continue (curl\'s default for large bodies)', () => {
  let dir: string;
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'berth-expect-')); });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('uploads a 5 MB microservice ZIP with curl through the gateway: 100 Continue, then 201 with the application', async () => {
    const name = `big${randomBytes(4).toString('hex')}`;
    const created = await gw('/application/applications', { method: 'POST', as: admin(), body: { name, key: `${name}-key`, type: 'MICROSERVICE' } });
    expect(created.status).toBe(201);
    const zip = microserviceZip({ apiVersion: '1', version: '1.0.0', provider: { name: 'Acme' } }, dockerImage(), [{ name: 'padding.bin', data: randomBytes(5 * MiB) }]);
    expect(zip.length).toBeGreaterThan(5 * MiB);
    const file = join(dir, 'service.zip');
    writeFileSync(file, zip);

    const res = await curlUpload(`${testStack.gatewayUrl}/application/applications/${created.body.id}/binaries`, ...admin(), file);
    expect(res.trace).toMatch(/^> Expect: 100-continue\r?$/m);
    expect(res.trace).toMatch(/^< HTTP\/1\.1 100 Continue\r?$/m);
    expect({ status: res.status, version: JSON.parse(res.body).applicationVersions?.[0]?.version }).toEqual({ status: 201, version: '1.0.0' });
  });
});
