// Consumes TEST_TOPIC in group TEST_GROUP; each message increments the counter once (inbox
// guard) after TEST_DELAY_MS. Prints "handled <n>" after each message.
const { messaging, connect } = require('./messaging-lib');

(async () => {
  const { kafka, db } = await connect();
  const publisher = new messaging.Publisher(kafka);
  const effects = db.collection('effects');
  let handled = 0;
  const runner = new messaging.ConsumerRunner({
    kafka, groupId: process.env.TEST_GROUP, topics: [process.env.TEST_TOPIC], publisher,
    inbox: new messaging.Inbox(db.collection('inbox'), process.env.TEST_GROUP),
    sessionTimeoutMs: 6000,
    handler: async (envelope, ctx) => {
      await new Promise((r) => setTimeout(r, Number(process.env.TEST_DELAY_MS || 0)));
      const { filter, update } = messaging.once({ _id: 'counter' }, { $inc: { n: 1 }, $push: { seen: envelope.aggregateId } }, ctx.messageId);
      await effects.updateOne(filter, update);
      process.stdout.write(`handled ${++handled}\n`);
    },
  });
  await runner.start();
})().catch((err) => { console.error(err); process.exit(1); });
