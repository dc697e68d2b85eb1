// Relays the outbox of TEST_DB.aggregates; with CRASH_AFTER_PUBLISH=1 it kills itself with
// SIGKILL right after the first publish, before the entries are removed.
const { messaging, connect } = require('./messaging-lib');

(async () => {
  const { kafka, db } = await connect();
  const relay = new messaging.OutboxRelay({
    db, collections: ['aggregates'], publisher: new messaging.Publisher(kafka), owner: `relay-worker-${process.pid}`,
    leaseTtlMs: Number(process.env.LEASE_TTL_MS || 10000),
    afterPublish: (records) => {
      process.stdout.write(`published ${records.length}\n`);
      if (process.env.CRASH_AFTER_PUBLISH === '1') process.kill(process.pid, 'SIGKILL');
    },
  });
  await relay.start();
})().catch((err) => { console.error(err); process.exit(1); });
