import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { Db, MongoClient } from 'mongodb';
import { ApplicationCreated } from '@berth/contracts';
import { eventually } from '@berth/testing';
import { createEnvelope, ensureTopics, OutboxRelay, outboxFor, Publisher } from '../src';

/** A fresh topic and database on the real Kafka and MongoDB/FerretDB of the test environment. */
export class MessagingFixture {
  readonly id = randomBytes(4).toString('hex');
  readonly topic = `itest.m${this.id}.v1`;
  readonly dbName = `${process.env.BERTH_TEST_DB_PREFIX ?? 'berthtest'}_messaging_${this.id}`;
  readonly kafka = new Kafka({ clientId: 'messaging-test', brokers: process.env.KAFKA_BROKERS!.split(','), logLevel: logLevel.NOTHING });
  mongo!: MongoClient;
  db!: Db;
  /** A publisher on the fixture's Kafka, disconnected at teardown. */
  readonly publisher = new Publisher(this.kafka);
  private readonly children: ChildProcess[] = [];
  private readonly stoppables: Array<{ stop(): Promise<void> }> = [];

  /** Registers a relay, consumer or publisher for teardown, even when the test fails midway. */
  track<T extends { stop(): Promise<void> }>(resource: T): T {
    this.stoppables.push(resource);
    return resource;
  }

  async setUp(): Promise<this> {
    this.mongo = await new MongoClient(process.env.MONGODB_URI!).connect();
    this.db = this.mongo.db(this.dbName);
    await ensureTopics(this.kafka, [this.topic]);
    await this.db.collection('effects').insertOne({ _id: 'counter' as never, n: 0, seen: [] });
    return this;
  }

  /** An `ApplicationCreated` of aggregate `id` at `version`. */
  envelope(id: string, version = 1) {
    return createEnvelope(ApplicationCreated, {
      source: 'test', tenantId: 't1', aggregateId: id, aggregateVersion: version,
      payload: { id, name: `${id} v${version}`, type: 'HOSTED', ownerTenant: 't1' },
    });
  }

  /** A document of aggregate `id` carrying its `ApplicationCreated` as its one outbox entry. */
  aggregate(id: string) {
    return { _id: id as never, ...outboxFor(this.topic, [this.envelope(id)]) };
  }

  /** Publishes the envelopes of aggregates `agg-<from>` … `agg-<from + count - 1>` straight to the topic, in order. */
  async publishNumbered(from: number, count: number): Promise<void> {
    for (let i = from; i < from + count; i++) await this.publisher.publish(this.topic, this.envelope(`agg-${i}`));
  }

  /** Writes `count` aggregates, each with one outbox entry, as single inserts; reports each to `relay` if given. */
  async writeAggregates(count: number, relay?: OutboxRelay): Promise<string[]> {
    const ids = Array.from({ length: count }, (_, i) => `agg-${i}`);
    for (const id of ids) {
      const doc = this.aggregate(id);
      await this.db.collection('aggregates').insertOne(doc);
      relay?.written('aggregates', id, doc._outbox);
    }
    return ids;
  }

  async counter(): Promise<{ n: number; seen: string[] }> {
    return (await this.db.collection('effects').findOne({ _id: 'counter' as never })) as never;
  }

  /**
   * The counter once it has seen `expected` ids and the fixture's group has committed every message on the
   * topic: each one was handled or skipped as done, so no late duplicate can still change the counter.
   */
  async settle(expected: number, timeoutMs = 60000): Promise<{ n: number; seen: string[] }> {
    const settled = await eventually(
      async () => ({ counter: await this.counter(), committed: await this.committed(), onTopic: await this.topicCount() }),
      (o) => o.counter.seen.length >= expected && o.committed === o.onTopic,
      { timeoutMs, intervalMs: 200, what: `${expected} ids counted and every message on ${this.topic} committed by group g${this.id}` },
    );
    return settled.counter;
  }

  /** Offsets the fixture's group (`g<id>`) has committed on the fixture's topic, summed over its partitions (none: 0). */
  async committed(): Promise<number> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const [topic] = await admin.fetchOffsets({ groupId: `g${this.id}`, topics: [this.topic] });
      return topic.partitions.reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
    } finally {
      await admin.disconnect();
    }
  }

  /**
   * Messages on the topic (all partitions), counted from the offsets. Retries the broker's
   * retriable answers (a just-created topic can briefly report "not the leader").
   */
  async topicCount(topic = this.topic): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      const admin = this.kafka.admin();
      await admin.connect();
      try {
        return (await admin.fetchTopicOffsets(topic)).reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0);
      } catch (err) {
        if (!(err as { retriable?: boolean }).retriable || attempt >= 10) throw err;
        await new Promise((r) => setTimeout(r, 300));
      } finally {
        await admin.disconnect();
      }
    }
  }

  worker(name: 'consumer-worker' | 'relay-worker', env: Record<string, string> = {}) {
    const child = spawn(process.execPath, [join(__dirname, 'workers', `${name}.js`)], {
      env: { ...process.env, TEST_DB: this.dbName, TEST_TOPIC: this.topic, TEST_GROUP: `g${this.id}`, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    this.children.push(child);
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    return { child, exited, output: () => out };
  }

  async tearDown(): Promise<void> {
    for (const c of this.children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const r of this.stoppables.reverse()) await r.stop().catch(() => undefined);
    await this.publisher.disconnect().catch(() => undefined);
    await this.db.dropDatabase().catch(() => undefined);
    await this.mongo.close();
    const admin = this.kafka.admin();
    await admin.connect();
    await admin.deleteTopics({ topics: [this.topic, `${this.topic}.dlq`] }).catch(() => undefined);
    await admin.disconnect();
  }
}
