import mongoose from 'mongoose';
import { stopRestartedApps } from '../restarted-apps';
import { removeStackContainers } from '../containers';
import { scanLogsForSecrets } from '../secret-scan';

/**
 * Stops the test stack, removes the containers its orchestrator started and drops the databases it
 * made; then fails the run if an app logged a password, key or token the run used (docs/testing.md).
 */
export default async function globalTeardown() {
  const stack = globalThis.__BERTH_STACK__;
  if (!stack) return;
  await stack.stop();
  if (stopRestartedApps(stack.dbPrefix)) await new Promise((r) => setTimeout(r, 2000));
  await removeStackContainers(stack.dbPrefix).catch(() => undefined);
  const conn = await mongoose.createConnection(process.env.MONGODB_URI!).asPromise();
  try {
    const { databases } = await conn.db!.admin().listDatabases();
    for (const { name } of databases.filter((d) => d.name.startsWith(`${stack.dbPrefix}_`))) {
      await conn.useDb(name).dropDatabase();
    }
  } finally {
    await conn.close();
  }
  const leaks = scanLogsForSecrets();
  if (leaks.length > 0) throw new Error(`secrets in the apps' logs: ${leaks.map((l) => `${l.secret} in ${l.file}`).join('; ')}`);
}
