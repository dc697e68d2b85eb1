import { ChildProcess, spawn } from 'node:child_process';
import { createServer, IncomingMessage, request, Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { PRINCIPAL_HEADER, verifyPrincipal } from '@berth/auth';
import { testStack } from '@berth/testing';

/** Where the rate-limit spec's second gateway listens (its metrics on the next port). */
const PORT = Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 82;
export const SECOND_GATEWAY_URL = `http://127.0.0.1:${PORT}`;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Stands between the second gateway and the stack's real tenant-options: forwards every request
 * unchanged and notes which tenant's rate-limit options were read (the gateway's only trace of a read).
 */
export function passThrough(target: string, optionReads: string[]): Promise<Server> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/tenant/options/rate.limit/')) optionReads.push(verifyPrincipal(req.headers[PRINCIPAL_HEADER], process.env.BERTH_TEST_INTERNAL_KEY!)?.tenant ?? '?');
    const upstream = request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A second gateway of the test stack with a low platform default: 1 request per second, 2 may wait. */
export function startGateway(tenantOptionsUrl: string): { child: ChildProcess; output: () => string } {
  const appUrls = { ...JSON.parse(process.env.BERTH_TEST_APP_URLS!) as Record<string, string>, 'tenant-options': tenantOptionsUrl };
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    BERTH_PORT: String(PORT), BERTH_METRICS_PORT: String(PORT + 1), BERTH_PUBLIC_URL: `http://localhost:${PORT}`,
    BERTH_DB_PREFIX: testStack.dbPrefix, BERTH_TOPIC_PREFIX: testStack.topic(''), BERTH_INTERNAL_KEY: process.env.BERTH_TEST_INTERNAL_KEY!,
    BERTH_RATE_LIMIT_PER_SECOND: '1', BERTH_RATE_LIMIT_QUEUE: '2',
  };
  for (const [app, url] of Object.entries(appUrls)) env[`${app.toUpperCase().replace(/-/g, '_')}_URL`] = url;
  const child = spawn(process.execPath, [join(__dirname, '..', '..', '..', 'dist', 'apps', 'gateway', 'src', 'main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { child, output: () => output };
}
