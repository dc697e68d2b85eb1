import { randomBytes } from 'node:crypto';
import { logLevel } from 'kafkajs';
import { baseConfigSchema, loadConfig } from '@berth/config';
import { createKafkaClient, ensureTopics } from '../src';
import { SecureBroker, startSecureBroker } from './secure-broker';

/** The broker's SASL_SSL listener; its controller listens on the next port. */
const PORT = Number(process.env.BERTH_TEST_PORT_BASE || 18100) + 140;

describe('Kafka over TLS with SASL, through the client factory', () => {
  let broker: SecureBroker;

  /**
   * A client made as an app makes its own: from environment variables, through its config schema.
   * `once`: no retries, for connections that must fail (a consumer group needs kafkajs's retries
   * while the broker makes its offsets topic).
   */
  const client = (env: Record<string, string>, once = false) => createKafkaClient(
    loadConfig(baseConfigSchema, { BERTH_INTERNAL_KEY: randomBytes(32).toString('hex'), KAFKA_BROKERS: broker.broker, KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: broker.caFile, ...env }),
    { clientId: 'sasl-ssl-test', logLevel: logLevel.NOTHING, ...(once ? { retry: { retries: 0 } } : {}) },
  );
  const scram = () => ({ KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_USERNAME: broker.scramUser.username, KAFKA_SASL_PASSWORD: broker.scramUser.password });

  beforeAll(async () => {
    broker = startSecureBroker(PORT);
    const deadline = Date.now() + 45_000;
    for (;;) {
      const admin = client(scram(), true).admin({ retry: { retries: 0 } });
      try {
        await admin.connect();
        if ((await admin.describeCluster()).brokers.length > 0) return;
      } catch (err) {
        if (Date.now() > deadline) throw new Error(`the SASL_SSL broker did not serve: ${(err as Error).message}\n${broker.log().slice(-4000)}`);
      } finally {
        await admin.disconnect().catch(() => undefined);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }, 60_000);

  afterAll(async () => {
    await broker?.stop();
  }, 30_000);

  it('creates topics with the layout asked for, and produces and consumes with SCRAM-SHA-512', async () => {
    const kafka = client(scram());
    const topic = `itest.secure${randomBytes(4).toString('hex')}.v1`;
    expect(await ensureTopics(kafka, [topic], { partitions: 2, replicationFactor: 1, withDlq: false })).toEqual([]);
    // Asked for more partitions than the topic has: left as it is, and named.
    expect(await ensureTopics(kafka, [topic], { partitions: 4, replicationFactor: 1, withDlq: false })).toEqual([{ topic, partitions: 2, replicationFactor: 1 }]);

    const producer = kafka.producer();
    const consumer = kafka.consumer({ groupId: `secure-${randomBytes(4).toString('hex')}` });
    try {
      await producer.connect();
      await producer.send({ topic, messages: [{ key: 'a', value: 'over TLS with SCRAM' }] });
      const received: string[] = [];
      await consumer.connect();
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      await consumer.run({ eachMessage: async ({ message }) => { received.push(message.value!.toString('utf8')); } });
      const deadline = Date.now() + 20_000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(received).toEqual(['over TLS with SCRAM']);
    } finally {
      await consumer.disconnect();
      await producer.disconnect();
    }
  });

  it('authenticates with PLAIN', async () => {
    const admin = client({ KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: broker.plainUser.username, KAFKA_SASL_PASSWORD: broker.plainUser.password }).admin();
    try {
      await admin.connect();
      expect((await admin.describeCluster()).brokers).toEqual([expect.objectContaining({ host: '127.0.0.1', port: PORT })]);
    } finally {
      await admin.disconnect();
    }
  });

  it('refuses a wrong password with an error that says so', async () => {
    const producer = client({ ...scram(), KAFKA_SASL_PASSWORD: 'not-the-password' }, true).producer();
    await expect(producer.connect()).rejects.toThrow(/SASL SCRAM SHA512 authentication failed.*invalid credentials/);
  });

  it('does not trust the broker\'s certificate without its CA', async () => {
    const admin = client({ ...scram(), KAFKA_SSL_CA_FILE: '' }, true).admin();
    await expect(admin.connect()).rejects.toThrow(/self-signed certificate/);
  });
});
