// Relays the outbox of TEST_DB.aggregates. CRASH_AFTER=publish kills it with SIGKILL right after
// the first publish, before the batch is recorded as published; CRASH_AFTER=record kills it once
// the batch's marker is stored, before any entry is removed from its document.
const { messaging, connect } = require('./messaging-lib');

(async () => {
  const { kafka, db } = await connect();
  const crashAfter = process.env.CRASH_AFTER;
  const relay = new messaging.OutboxRelay({
    db, collections: ['aggregates'], publisher: new messaging.Publisher(kafka), owner: `relay-worker-${process.pid}`,
    leaseTtlMs: Number(process.env.LEASE_TTL_MS || 10000),
    quietMs: crashAfter === 'record' ? 600000 : undefined,
    afterPublish: (records) => {
      process.stdout.write(`published ${records.length}\n`);
      if (crashAfter === 'publish') process.kill(process.pid, 'SIGKILL');
    },
  });
  await relay.start();
  if (crashAfter === 'record') {
    const markers = db.collection(messaging.PUBLISHED_COLLECTION);
    while ((await markers.countDocuments()) === 0) await new Promise((r) => setTimeout(r, 20));
    process.stdout.write('recorded\n');
    process.kill(process.pid, 'SIGKILL');
  }
})().catch((err) => { console.error(err); process.exit(1); });
