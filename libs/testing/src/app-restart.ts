import { spawn } from 'node:child_process';
import { appendFileSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { restartedPidsFile } from './restarted-apps';
import { TEST_LOG_DIR } from './secret-scan';
import { testStack } from './stack-env';

const ROOT = join(__dirname, '..', '..', '..');

/**
 * Kills an app of the test stack with SIGKILL (no shutdown hooks run) and starts it again with
 * the same environment and port, appending to its log; resolves once it reports UP. The new
 * process is stopped by the global teardown.
 * @throws Error when it does not report UP within `timeoutMs`.
 */
export async function killAndRestartApp(app: string, timeoutMs = 60000): Promise<void> {
  const pid = testStack.pid(app);
  try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
  const url = new URL(testStack.appUrl(app));
  const env = { ...(process.env as Record<string, string>), ...JSON.parse(process.env.BERTH_TEST_STACK_ENV ?? '{}'), PORT: url.port };
  while (await up(url)) await new Promise((r) => setTimeout(r, 100));
  const log = createWriteStream(join(TEST_LOG_DIR, `${app}.log`), { flags: 'a' });
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'apps', app, 'src', 'main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  child.unref();
  appendFileSync(restartedPidsFile(testStack.dbPrefix), `${child.pid}\n`);
  process.env.BERTH_TEST_APP_PIDS = JSON.stringify({ ...JSON.parse(process.env.BERTH_TEST_APP_PIDS!), [app]: child.pid });
  const deadline = Date.now() + timeoutMs;
  while (!(await up(url))) {
    if (child.exitCode !== null) throw new Error(`${app} exited with ${child.exitCode} after its restart`);
    if (Date.now() > deadline) throw new Error(`${app} did not report UP within ${timeoutMs} ms after its restart`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function up(url: URL): Promise<boolean> {
  try {
    return (await fetch(new URL('/health', url), { signal: AbortSignal.timeout(2000) })).status === 200;
  } catch {
    return false;
  }
}
