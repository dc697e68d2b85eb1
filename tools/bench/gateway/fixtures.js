// The data a benchmark's apps leave behind (databases, Redis keys, consumer groups and topics under
// its own prefix), removed at the end.
const { Kafka, logLevel } = require('kafkajs');
const { MongoClient } = require('mongodb');
const Redis = require('ioredis');

/** Drops the benchmark's databases, Redis keys, Kafka consumer groups and topics (all named after `prefix`). */
async function cleanUpData(prefix) {
  const mongo = await new MongoClient(process.env.MONGODB_URI, { serverSelectionTimeoutMS: 5000 }).connect();
  try {
    const { databases } = await mongo.db('admin').admin().listDatabases({ nameOnly: true });
    for (const { name } of databases) if (name.startsWith(`${prefix}_`)) await mongo.db(name).dropDatabase();
  } finally {
    await mongo.close();
  }
  const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  const admin = new Kafka({ clientId: 'bench', brokers: process.env.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const { groups } = await admin.listGroups();
    const ours = groups.map((g) => g.groupId).filter((id) => id.startsWith(`${prefix}.`));
    // A group whose member has not timed out yet cannot be deleted; Kafka drops empty groups later anyway.
    if (ours.length) await admin.deleteGroups(ours).catch(() => undefined);
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(`${prefix}.`));
    if (topics.length) await admin.deleteTopics({ topics, timeout: 10000 }).catch(() => undefined);
  } finally {
    await admin.disconnect();
  }
}

module.exports = { cleanUpData };
