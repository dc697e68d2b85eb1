// Where a subscription's time goes: a consumer of its own on the two topics the path crosses records,
// for each TenantSubscribed and ServiceUserCreated of the benchmark's application, when its producer
// wrote it (the envelope's `time`, i.e. the outbox write) and when it could be read from Kafka.
const { contracts, messaging } = require('./dist-libs');

const TYPES = [contracts.TenantSubscribed.type, contracts.ServiceUserCreated.type];

/** Starts the tap and resolves once its group has partitions; `seen(type, tenant)` answers `{written, read}` or undefined. */
async function startTap(kafka, groupId, topicPrefix, applicationName) {
  const records = new Map();
  const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topics: [contracts.Topics.subscriptionEvents, contracts.Topics.userEvents].map((t) => topicPrefix + t), fromBeginning: false });
  const joined = new Promise((resolve) => consumer.on(consumer.events.GROUP_JOIN, resolve));
  // No offset commits: with them kafkajs sends one after every batch and the next fetch waits for it,
  // which made the tap read later than the apps' consumers (they commit every 500 ms).
  await consumer.run({
    autoCommit: false,
    eachMessage: async ({ message }) => {
      const read = Date.now();
      let env;
      try { env = messaging.fromMessage(message); } catch { return; }
      if (!TYPES.includes(env.type) || env.payload?.applicationName !== applicationName) return;
      records.set(`${env.type}/${env.payload.tenant}`, { written: Date.parse(env.time), read });
    },
  });
  await joined;
  return {
    forget: (tenant) => TYPES.forEach((t) => records.delete(`${t}/${tenant}`)),
    seen: (type, tenant) => records.get(`${type}/${tenant}`),
    stop: () => consumer.disconnect(),
  };
}

module.exports = { startTap, TYPES };
