import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { MongoClient } from 'mongodb';
import { basic, BRAND, gw, testStack } from '@berth/testing';

export interface Part { name: string; data: Buffer | string; filename?: string; type?: string }
export type Creds = [string, string];

/** A multipart/form-data body built by hand, so a file part may come without a filename. */
export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----berth${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function answer(res: Response) {
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** POSTs a body to an application's `binaries` (or `versions`) through the gateway. */
export async function postBinary(id: string, as: Creds, body: RequestInit['body'], contentType?: string, extra: RequestInit = {}, route: 'binaries' | 'versions' = 'binaries') {
  const headers: Record<string, string> = { accept: 'application/json', authorization: basic(...as) };
  if (contentType) headers['content-type'] = contentType;
  return answer(await fetch(`${testStack.gatewayUrl}/application/applications/${id}/${route}`, { method: 'POST', headers, body, ...extra }));
}

/** POSTs multipart `parts` to an application's versions, as `POST …/versions` clients do. */
export function postVersion(id: string, as: Creds, parts: Part[]) {
  const { body, contentType } = multipart(parts);
  return postBinary(id, as, body, contentType, {}, 'versions');
}

/** Uploads `zip` in a part named `file` with a filename and the JS client's `fileName` part. */
export function uploadZip(id: string, as: Creds, zip: Buffer, fileName = 'app.zip') {
  const { body, contentType } = multipart([{ name: 'file', filename: fileName, type: 'application/zip', data: zip }, { name: 'fileName', data: fileName }]);
  return postBinary(id, as, body, contentType);
}

export async function createApp(as: Creds, fields: Record<string, unknown>) {
  const res = await gw('/application/applications', { method: 'POST', as, body: fields });
  if (res.status !== 201) throw new Error(`not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const name = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;
export const microserviceApp = (as: Creds) => { const n = name('ms'); return createApp(as, { name: n, key: `${n}-key`, type: 'MICROSERVICE' }); };
export const hostedApp = (as: Creds) => { const n = name('web'); return createApp(as, { name: n, key: `${n}-key`, type: 'HOSTED', contextPath: n, resourcesUrl: '/' }); };

/** The GridFS files stored for an application, read with the plain driver. */
export async function storedBinaries(applicationId: string): Promise<string[]> {
  const client = await new MongoClient(process.env.MONGODB_URI!).connect();
  try {
    const files = await client.db(`${testStack.dbPrefix}_application_registry`).collection('binaries.files').find({ 'metadata.applicationId': applicationId }).toArray();
    return files.map((f) => f._id.toHexString());
  } finally {
    await client.close();
  }
}

/** The registry's resident memory in bytes, from /proc. */
export function registryRss(): number {
  const status = readFileSync(`/proc/${testStack.pid('application-registry')}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

export function expectError(res: { status: number; headers: Headers; body: any }, status: number, error: string, message?: RegExp) {
  expect({ status: res.status, error: res.body?.error }).toEqual({ status, error });
  expect(res.headers.get('content-type')).toBe(`${BRAND}.error+json;ver=0.9;charset=UTF-8`);
  if (message) expect(res.body.message).toMatch(message);
}
