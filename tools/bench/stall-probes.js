// What else waited while a latency run ran, to tell where its slow messages waited: this process's
// event loop (perf_hooks), and every 20 ms a one-document insert into the pipeline's database and a
// metadata request to Kafka, each on a connection of its own.
const { monitorEventLoopDelay } = require('node:perf_hooks');
const { MongoClient } = require('mongodb');
const { summarize } = require('./stats');

const EVERY_MS = 20;
const SLOW_MS = 40;

/** Calls `fn` every EVERY_MS (one at a time) until stopped; the durations in ms. */
function every(fn) {
  const durations = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const t = performance.now();
      await fn().catch(() => undefined);
      durations.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, EVERY_MS));
    }
  })();
  return { stop: async () => { running = false; await done; return durations; } };
}

const summary = (durations) => {
  const s = summarize(durations.map((d) => Math.round(d)));
  return { p99: s.p99, max: s.max, slow: durations.filter((d) => d > SLOW_MS).length };
};

async function startProbes({ mongoUri, dbName, kafka, topic }) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const mongo = await new MongoClient(mongoUri).connect();
  const probes = mongo.db(dbName).collection('_probe');
  const admin = kafka.admin();
  await admin.connect();
  let n = 0;
  const store = every(() => probes.insertOne({ _id: n++ }));
  const broker = every(() => admin.fetchTopicMetadata({ topics: [topic] }));
  return {
    async stop() {
      loop.disable();
      const [s, k] = [await store.stop(), await broker.stop()];
      await probes.drop().catch(() => undefined);
      await mongo.close();
      await admin.disconnect();
      return { loop: { p99: Math.round(loop.percentile(99) / 1e6), max: Math.round(loop.max / 1e6) }, store: summary(s), kafka: summary(k) };
    },
  };
}

module.exports = { startProbes, SLOW_MS };
