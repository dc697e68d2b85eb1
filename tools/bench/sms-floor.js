// The floor of an SMS path on this machine, for the SMS benchmark's reference row: the least any
// implementation of the SMS interface does per message, in one plain Node process. A `node:http` server
// parses each POSTed OneAPI body, adds one BullMQ job (the adapter's job options) and answers 201;
// a BullMQ worker (the adapter's concurrency) submits each job's text over one SMPP transceiver
// bind and waits for its submit_sm_resp; deliver_sm receipts are acknowledged and dropped. Nothing
// else: no gateway, auth, store, validation of addresses, logs or metrics.
// Usage: node sms-floor.js <port> <smsc port> <smsc password> <queue prefix> <concurrency>
// (REDIS_URL from the environment). Prints `ready` once it listens and is bound.
const { createServer } = require('node:http');
const { randomUUID } = require('node:crypto');
const { Queue, Worker } = require('bullmq');
const Redis = require('ioredis');
const smpp = require('smpp');

const [port, smscPort, password, prefix, concurrency] = process.argv.slice(2);
const connection = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: null });
const queue = new Queue('floor', { connection, prefix });
const jobOptions = (jobId) => ({ jobId, attempts: 10, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: { age: 24 * 3600, count: 100_000 } });

function bind() {
  return new Promise((resolve, reject) => {
    const session = smpp.connect({ host: '127.0.0.1', port: Number(smscPort), noDelay: true });
    session.on('error', reject);
    session.on('deliver_sm', (pdu) => session.send(pdu.response()));
    session.on('enquire_link', (pdu) => session.send(pdu.response()));
    session.on('connect', () => session.bind_transceiver({ system_id: 'floor', password }, (pdu) => {
      if (pdu.command_status === smpp.ESME_ROK) resolve(session); else reject(new Error(`bind refused: ${pdu.command_status}`));
    }));
  });
}

function submit(session, { from, to, text }) {
  return new Promise((resolve, reject) => {
    session.submit_sm({ source_addr: from, destination_addr: to, short_message: text, registered_delivery: 1 }, (pdu) => {
      if (pdu.command_status === smpp.ESME_ROK) resolve(pdu.message_id); else reject(new Error(`submit_sm: ${pdu.command_status}`));
    });
  });
}

function accept(req, res) {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let sms;
    try {
      const request = JSON.parse(Buffer.concat(chunks).toString('utf8')).outboundSMSMessageRequest;
      sms = { from: request.senderAddress.slice(4), to: request.address[0].slice(4), text: request.outboundSMSTextMessage.message };
    } catch {
      res.writeHead(400).end();
      return;
    }
    const id = randomUUID();
    queue.add('deliver', sms, jobOptions(id)).then(() => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ resourceReference: { resourceURL: `http://127.0.0.1:${port}${req.url}/${id}` } }));
    }, () => res.writeHead(503).end());
  });
}

async function main() {
  const session = await bind();
  const worker = new Worker('floor', (job) => submit(session, job.data), { connection, prefix, concurrency: Number(concurrency) });
  await worker.waitUntilReady();
  const server = createServer(accept);
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(Number(port), '127.0.0.1', resolve));
  console.log('ready');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
