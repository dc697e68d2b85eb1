import { spawn } from 'node:child_process';
import { appendFileSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { restartedPidsFile } from './restarted-apps';
import { TEST_LOG_DIR } from './secret-scan';
import { testStack } from './stack-env';

const ROOT = join(__dirname, '..', '..', '..');

export interface ExtraApp { url: string; stop(): Promise<void> }

/**
 * Starts one more process of a built app beside the test stack, with the stack's environment plus
 * `env` (other limits, another guard, another app's URL), on `port` (a gateway's metrics on the
 * next one), logging to `<name>.log` in the test logs; resolves once it reports UP. The global
 * teardown stops it should the spec not.
 * @throws Error naming the log when it exits or is not UP within `timeoutMs`.
 */
export async function startExtraApp(app: string, name: string, port: number, env: Record<string, string>, timeoutMs = 60000): Promise<ExtraApp> {
  const ports = app === 'gateway' ? { BERTH_PORT: String(port), BERTH_METRICS_PORT: String(port + 1) } : { PORT: String(port) };
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'apps', app, 'src', 'main.js')], {
    env: { ...(process.env as Record<string, string>), ...JSON.parse(process.env.BERTH_TEST_STACK_ENV ?? '{}'), ...ports, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logFile = join(TEST_LOG_DIR, `${name}.log`);
  const log = createWriteStream(logFile);
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  appendFileSync(restartedPidsFile(testStack.dbPrefix), `${child.pid}\n`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}; see ${logFile}`);
    if (Date.now() > deadline) { await stop(); throw new Error(`${name} did not report UP within ${timeoutMs} ms; see ${logFile}`); }
    const status = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) }).then((r) => r.status, () => 0);
    if (status === 200) return { url, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
}
