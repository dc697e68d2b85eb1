import mongoose from 'mongoose';

/** Stops the test stack and drops the databases it made. */
export default async function globalTeardown() {
  const stack = globalThis.__BERTH_STACK__;
  if (!stack) return;
  await stack.stop();
  const conn = await mongoose.createConnection(process.env.MONGODB_URI!).asPromise();
  try {
    const { databases } = await conn.db!.admin().listDatabases();
    for (const { name } of databases.filter((d) => d.name.startsWith(`${stack.dbPrefix}_`))) {
      await conn.useDb(name).dropDatabase();
    }
  } finally {
    await conn.close();
  }
}
