import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file listing the pids of apps specs restarted, which the global teardown stops. (No workspace imports: the teardown loads it.) */
export const restartedPidsFile = (prefix: string) => join(__dirname, '..', '..', '..', '.local', 'logs', 'test', `${prefix}.restarted-pids`);

/** Stops the apps specs restarted (SIGTERM); returns how many. */
export function stopRestartedApps(prefix: string): number {
  const file = restartedPidsFile(prefix);
  if (!existsSync(file)) return 0;
  const pids = readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
  for (const pid of pids) { try { process.kill(pid, 'SIGTERM'); } catch { /* gone */ } }
  return pids.length;
}
