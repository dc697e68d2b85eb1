// Readiness probes for tools/infra: exits 0 when the component really answers.
// Usage: node tools/infra/probe.js kafka <brokers> | mongo <uri> | redis <url> | docker <socket>
const [, , kind, target] = process.argv;
const timeout = (ms) => new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref());

const probes = {
  async kafka(brokers) {
    const { Kafka, logLevel } = require('kafkajs');
    const admin = new Kafka({ brokers: brokers.split(','), logLevel: logLevel.NOTHING, retry: { retries: 0 } }).admin();
    await admin.connect();
    try { const c = await admin.describeCluster(); if (!c.brokers.length) throw new Error('no brokers'); } finally { await admin.disconnect(); }
  },
  async mongo(uri) {
    const mongoose = require('mongoose');
    const conn = await mongoose.createConnection(uri, { serverSelectionTimeoutMS: 2000 }).asPromise();
    try { await conn.db.admin().command({ ping: 1 }); } finally { await conn.close(); }
  },
  async redis(url) {
    const Redis = require('ioredis');
    const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    await r.connect();
    try { if ((await r.ping()) !== 'PONG') throw new Error('no PONG'); } finally { r.disconnect(); }
  },
  async docker(socket) {
    const http = require('node:http');
    await new Promise((resolve, reject) => {
      http.get({ socketPath: socket, path: '/_ping' }, (res) => {
        res.resume();
        if (res.statusCode === 200) resolve(); else reject(new Error(`status ${res.statusCode}`));
      }).on('error', reject);
    });
  },
};

if (!probes[kind]) { console.error(`unknown probe ${kind}`); process.exit(2); }
Promise.race([probes[kind](target), timeout(5000)]).then(
  () => process.exit(0),
  (err) => { console.error(`${kind}: ${err.message}`); process.exit(1); },
);
