import { createServer } from 'node:net';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { MongoClient } from 'mongodb';
import { HttpErrorFilter } from './http-error.filter';
import { MethodIndex } from './method-index';
import { isDependencyUnavailable } from './dependency-unavailable';

/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const caught = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a failure'); }, (err: unknown) => err);
const filter = new HttpErrorFilter({ publicBase: () => 'http://localhost', brand: 'cumulocity', debug: false, methods: new MethodIndex() });

describe('errors of unreachable dependencies (the fault run found a 500 while the store was stopped)', () => {
  let port: number;
  beforeAll(async () => {
    Logger.overrideLogger(false); // the filter logs every 5xx; not this spec's concern
    port = await closedPort();
  });

  it('answers 503 with Retry-After for the store driver failing to reach the store, also wrapped in a bulk write error', async () => {
    const client = new MongoClient(`mongodb://127.0.0.1:${port}`, { serverSelectionTimeoutMS: 300 });
    const findError = await caught(client.db('x').collection('c').findOne({}));
    const bulkError = await caught(client.db('x').collection('c').insertMany([{ a: 1 }, { a: 2 }]));
    await client.close();
    expect([(findError as Error).name, (bulkError as Error).name]).toEqual(['MongoServerSelectionError', 'MongoBulkWriteError']);
    for (const error of [findError, bulkError]) {
      const answer = filter.render(error, 'POST', '/x', 'http://localhost');
      expect({ status: answer.status, retryAfter: answer.headers['retry-after'], error: answer.body.error }).toEqual({ status: 503, retryAfter: '5', error: 'general/Service Unavailable' });
    }
  });

  it('answers 503 for a Redis command that ran out of retries', async () => {
    const redis = new Redis({ port, host: '127.0.0.1', maxRetriesPerRequest: 0, retryStrategy: () => 50, lazyConnect: true });
    redis.on('error', () => undefined);
    redis.connect().catch(() => undefined);
    const error = await caught(redis.get('k'));
    redis.disconnect();
    expect(filter.render(error, 'GET', '/x', 'http://localhost').status).toBe(503);
  });

  it('still answers 500, without internals, for any other error', () => {
    expect(isDependencyUnavailable(new Error('connection refused by the business rule'))).toBe(false);
    const answer = filter.render(new TypeError('x is undefined'), 'GET', '/x', 'http://localhost');
    expect({ status: answer.status, retryAfter: answer.headers['retry-after'] }).toEqual({ status: 500, retryAfter: undefined });
  });
});
