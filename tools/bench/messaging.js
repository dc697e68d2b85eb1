// Benchmark: outbox → relay → Kafka → consumer runner, next to raw kafkajs produce → consume,
// on the same broker in the same run. Run through `npm run bench:messaging` (which provisions
// the infra and builds). Options: --count N (throughput run), --writers W, --rate R (msg/s of
// the latency run), --seconds S (measured), --warmup W (seconds at that rate before them, left out of
// the percentiles). The "save, then publish" column (insert, then send, no outbox)
// shows what the database write alone costs.
const { randomBytes } = require('node:crypto');
const { parseArgs } = require('node:util');
const { Kafka, logLevel } = require('kafkajs');
const { MongoClient } = require('mongodb');
const { messaging, contracts } = require('./dist-libs');
const { summarize, paced, parallel, printTable } = require('./stats');
const { infraCpuMs } = require('./infra-cpu');
const { startProbes, SLOW_MS } = require('./stall-probes');

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '2000' }, writers: { type: 'string', default: '16' }, rate: { type: 'string', default: '1000' }, seconds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
  },
});
const COUNT = Number(args.count);
const WRITERS = Number(args.writers);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const WARMUP = Number(args.warmup);

/** Store commands sent by the benchmark's MongoDB clients (of the throughput run: counted between its start and its last message). */
const storeCommands = { count: 0 };
async function storeClient() {
  const client = new MongoClient(process.env.MONGODB_URI, { monitorCommands: true });
  client.on('commandStarted', () => storeCommands.count++);
  return client.connect();
}

// The apps' fix of kafkajs' idle loop (libs/messaging), for this process's clients too: baselines and pipelines alike.
messaging.stopKafkajsIdleLoop();
const kafka = new Kafka({ clientId: 'bench', brokers: process.env.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING });
const runId = randomBytes(3).toString('hex');
let topicSeq = 0;

async function freshTopic() {
  const topic = `bench.m${runId}x${topicSeq++}.v1`;
  await messaging.ensureTopics(kafka, [topic], { withDlq: false });
  return topic;
}

function envelope(i) {
  return messaging.createEnvelope(contracts.ApplicationCreated, {
    source: 'bench', tenantId: 't1', aggregateId: `agg-${i}`, aggregateVersion: 1,
    payload: { id: `agg-${i}`, name: `app ${i}`, type: 'HOSTED', ownerTenant: 't1' },
  });
}

/** Collects consumed messages; resolves `done` after `expected` of them. */
function sink(expected) {
  const latencies = [];
  const sent = [];
  let resolve;
  const done = new Promise((r) => (resolve = r));
  return {
    latencies, done,
    /** The latencies of the messages sent at or after `from` (ms since the epoch). */
    sentSince: (from) => latencies.filter((_, i) => sent[i] >= from),
    record(sentAt) {
      sent.push(sentAt);
      latencies.push(Date.now() - sentAt);
      if (latencies.length === expected) resolve(Date.now());
    },
  };
}

/** Raw kafkajs: each write sends its message itself (idempotent producer, acks=all), a plain consumer reads it. */
async function rawPipeline(topic, expected) {
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  await producer.connect();
  const consumer = kafka.consumer({ groupId: `${topic}-g`, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  const s = sink(expected);
  await consumer.run({ eachMessage: async ({ message }) => s.record(Number(message.headers.sentAt)) });
  return {
    sink: s,
    write: async (i) => {
      const record = messaging.toRecord(topic, envelope(i));
      await producer.send({ topic, acks: -1, messages: [{ key: record.key, value: record.value, headers: { ...record.headers, sentAt: String(Date.now()) } }] });
    },
    stop: async () => { await consumer.disconnect(); await producer.disconnect(); },
  };
}

/** Save then publish: each write inserts its document, then sends its message itself (no outbox). */
async function savePublishPipeline(topic, expected) {
  const raw = await rawPipeline(topic, expected);
  const mongo = await storeClient();
  const db = mongo.db(`bench_${topic.replace(/\W/g, '_')}`);
  return {
    sink: raw.sink,
    write: async (i) => {
      await db.collection('aggregates').insertOne({ _id: `agg-${i}`, name: `app ${i}` });
      await raw.write(i);
    },
    stop: async () => { await raw.stop(); await db.dropDatabase(); await mongo.close(); },
  };
}

/** Berth: each write is one insert carrying its outbox entry (concurrent ones share a command); the relay publishes; the runner consumes with its inbox. */
async function outboxPipeline(topic, expected) {
  const dbName = `bench_${topic.replace(/\W/g, '_')}`;
  // Producer and consumer are different apps: each has its own MongoDB client.
  const producerMongo = await storeClient();
  const consumerMongo = await storeClient();
  const db = producerMongo.db(dbName);
  const publisher = new messaging.Publisher(kafka);
  const relay = new messaging.OutboxRelay({ db, collections: ['aggregates'], publisher, owner: `bench-${runId}` });
  await relay.start();
  // The apps' Outbox service inserts this way: concurrent inserts share one store command.
  const inserts = new messaging.OutboxInserts(relay);
  const aggregates = db.collection('aggregates');
  const s = sink(expected);
  // Each app has a database of its own (`<prefix>_<app>`), so the consumer's inbox is not in the producer's.
  const inboxDb = consumerMongo.db(`${dbName}_consumer`);
  await inboxDb.createCollection('inbox');
  const inbox = new messaging.Inbox(inboxDb.collection('inbox'), 'bench');
  const dlqPublisher = new messaging.Publisher(kafka);
  const runner = new messaging.ConsumerRunner({
    kafka, groupId: `${topic}-g`, topics: [topic], publisher: dlqPublisher, inbox,
    handler: async (env) => s.record(Date.parse(env.time)),
  });
  await runner.start();
  return {
    sink: s,
    write: async (i) => {
      await inserts.insert(aggregates, { _id: `agg-${i}`, name: `app ${i}`, ...messaging.outboxFor(topic, [envelope(i)]) });
    },
    /** Waits until the relay has removed every published entry from its document; returns entries/s. */
    drain: async () => {
      const start = Date.now();
      const left = () => relay.stats().aggregates.unremoved;
      const entries = left();
      while (left() > 0) await new Promise((r) => setTimeout(r, 20));
      return entries / ((Date.now() - start) / 1000);
    },
    stop: async () => {
      await runner.stop(); await relay.stop(); await publisher.disconnect(); await dlqPublisher.disconnect();
      await db.dropDatabase(); await inboxDb.dropDatabase(); await producerMongo.close(); await consumerMongo.close();
    },
  };
}

async function throughput(make) {
  const topic = await freshTopic();
  const p = await make(topic, COUNT);
  await new Promise((r) => setTimeout(r, 1000)); // let the consumer join its group
  const cpu0 = infraCpuMs(['ferretdb', 'kafka']);
  const commands0 = storeCommands.count;
  const start = Date.now();
  await parallel(COUNT, WRITERS, p.write);
  const end = await p.sink.done;
  const cpu1 = infraCpuMs(['ferretdb', 'kafka']);
  const commands = (storeCommands.count - commands0) / COUNT;
  const removal = await p.drain?.();
  await p.stop();
  const perMessage = (name) => (cpu0[name] === undefined ? undefined : (cpu1[name] - cpu0[name]) / COUNT);
  return { tput: COUNT / ((end - start) / 1000), removal, commands, ferretCpu: perMessage('ferretdb'), kafkaCpu: perMessage('kafka') };
}

/**
 * Writes paced at RATE for WARMUP + SECONDS seconds; the percentiles are of the messages sent after
 * the warm-up (the steady state: a fresh pipeline's first writes also create its collections and
 * warm its connections), and `all` of every message.
 */
async function latency(make) {
  const topic = await freshTopic();
  const total = Math.round(RATE * (WARMUP + SECONDS));
  const p = await make(topic, total);
  await new Promise((r) => setTimeout(r, 1000));
  const probes = await startProbes({ mongoUri: process.env.MONGODB_URI, dbName: `bench_${topic.replace(/\W/g, '_')}`, kafka, topic });
  const start = Date.now();
  await paced(total, RATE, p.write);
  await p.sink.done;
  const waits = await probes.stop();
  await p.stop();
  return { ...summarize(p.sink.sentSince(start + WARMUP * 1000)), all: summarize(p.sink.latencies), waits };
}

async function measure(name, make) {
  const { tput, removal, commands, ferretCpu, kafkaCpu } = await throughput(make);
  console.error(`  ${name}: ${tput.toFixed(0)} msg/s`);
  const lat = await latency(make);
  console.error(`  ${name}: latency p50 ${lat.p50} ms, p99 ${lat.p99} ms (with the warm-up: p50 ${lat.all.p50} ms, p99 ${lat.all.p99} ms)`);
  return { tput, lat, removal, commands, ferretCpu, kafkaCpu };
}

const cpuText = (ms) => (ms === undefined ? 'n/a' : ms.toFixed(2));

async function main() {
  console.log(`messaging benchmark: ${COUNT} messages from ${WRITERS} concurrent writers; latency at ${RATE} msg/s for ${SECONDS} s after ${WARMUP} s of warm-up`);
  const raw = await measure('raw kafkajs', rawPipeline);
  const save = await measure('save, then publish', savePublishPipeline);
  const box = await measure('outbox', outboxPipeline);
  const ratio = box.tput / raw.tput;
  printTable(['', 'raw kafkajs', 'save, then publish', 'outbox → relay → consumer', 'outbox / raw'], [
    ['throughput (msg/s)', raw.tput.toFixed(0), save.tput.toFixed(0), box.tput.toFixed(0), `${(ratio * 100).toFixed(0)}%`],
    [`p50 latency at ${RATE}/s (ms)`, raw.lat.p50, save.lat.p50, box.lat.p50, ''],
    [`p99 latency at ${RATE}/s (ms)`, raw.lat.p99, save.lat.p99, box.lat.p99, ''],
    [`max latency at ${RATE}/s (ms)`, raw.lat.max, save.lat.max, box.lat.max, ''],
    [`p99 / max with the first ${WARMUP} s (ms)`, ...[raw, save, box].map((r) => `${r.lat.all.p99} / ${r.lat.all.max}`), ''],
    ...[['this process\'s event loop delay', 'loop'], ['a one-document insert into its database', 'store'], ['a Kafka metadata request', 'kafka']].map(([label, key]) => [
      `${label}, p99 / max${key === 'loop' ? '' : ` (over ${SLOW_MS} ms)`} during the latency run (ms)`,
      ...[raw, save, box].map(({ lat: { waits: w } }) => `${w[key].p99} / ${w[key].max}${key === 'loop' ? '' : ` (${w[key].slow})`}`), '']),
    ['published entries removed afterwards (entries/s)', '', '', box.removal.toFixed(0), ''],
    ['store commands per message, throughput run', ...[raw, save, box].map((r) => r.commands.toFixed(2)), ''],
    ...[['FerretDB', 'ferretCpu'], ['Kafka', 'kafkaCpu']].map(([label, key]) => [`${label} CPU per message, throughput run (ms)`, ...[raw, save, box].map((r) => cpuText(r[key])), '']),
  ]);
  const p99 = (lat) => `${lat.p99} ms (${lat.p99 < 50 ? 'met' : 'NOT met'})`;
  console.log(`targets: throughput ≥ 50% of raw: ${ratio >= 0.5 ? 'met' : 'NOT met'}; p99 < 50 ms at ${RATE}/s: outbox ${p99(box.lat)}, raw baseline ${p99(raw.lat)}`);
  const admin = kafka.admin();
  await admin.connect();
  await admin.deleteTopics({ topics: Array.from({ length: topicSeq }, (_, i) => `bench.m${runId}x${i}.v1`) }).catch(() => undefined);
  await admin.disconnect();
}

main().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
