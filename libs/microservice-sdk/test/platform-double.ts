import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real local HTTP server playing the platform for the SDK's unit specs: answers from `handle`, records each request. */
export interface PlatformDouble { url: string; requests: Array<{ method: string; path: string; authorization?: string }>; close(): Promise<void> }

export async function platformDouble(handle: (req: IncomingMessage) => { status: number; body?: unknown }): Promise<PlatformDouble> {
  const requests: PlatformDouble['requests'] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method!, path: req.url!, authorization: req.headers.authorization });
    req.resume();
    req.on('end', () => {
      const { status, body } = handle(req);
      const text = body === undefined ? '' : JSON.stringify(body);
      res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export const basic = (name: string, password: string) => `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`;
