import { ApplicationCreated } from '@berth/contracts';
import { ConsumerRunner, createEnvelope, Envelope, Inbox, workContext } from '../src';
import { eventually } from '@berth/testing';
import { MessagingFixture } from './messaging-fixture';

describe('consumer runner: what a handler causes carries the message\'s context', () => {
  let f: MessagingFixture;

  beforeEach(async () => {
    f = await new MessagingFixture().setUp();
  });
  afterEach(async () => {
    await f.tearDown();
  });

  it('correlation id, processing mode, the message as cause, and the actor', async () => {
    const incoming = workContext.run({ correlationId: 'req-42', processingMode: 'TRANSIENT', actor: 'admin' }, () => f.envelope('a1'));
    await f.publisher.publish(f.topic, incoming);
    const caused: Envelope[] = [];
    const runner = f.track(new ConsumerRunner({
      kafka: f.kafka, groupId: `g${f.id}`, topics: [f.topic], publisher: f.publisher, inbox: new Inbox(f.db.collection('inbox'), `g${f.id}`),
      handler: async (envelope) => {
        caused.push(createEnvelope(ApplicationCreated, {
          source: 'test', tenantId: 't1', aggregateId: 'b1', aggregateVersion: 1, payload: envelope.payload as never,
        }));
      },
    }));
    await runner.start();
    await eventually(() => caused.length, (v) => v === 1, { timeoutMs: 30000 });
    expect(caused[0]).toMatchObject({ correlationId: 'req-42', processingMode: 'TRANSIENT', causationId: incoming.id, actor: 'admin' });
  });
});
