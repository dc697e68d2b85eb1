// Workers run in their own processes (so tests can SIGKILL them) on the compiled library.
const { join } = require('node:path');
const { Kafka, logLevel } = require('kafkajs');
const { MongoClient } = require('mongodb');

const messaging = require(join(__dirname, '..', '..', '..', '..', 'dist', 'libs', 'messaging', 'src'));

async function connect() {
  const kafka = new Kafka({ clientId: 'messaging-test-worker', brokers: process.env.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING });
  const mongo = await new MongoClient(process.env.MONGODB_URI).connect();
  return { kafka, mongo, db: mongo.db(process.env.TEST_DB) };
}

module.exports = { messaging, connect };
