// The SMSC the SMS benchmark delivers to: the `smpp` package's server, binding any system id
// with the password, answering submit_sm with a message id and a DELIVRD receipt, and noting when
// each text arrived. (The e2e specs' richer one is libs/testing/src/test-smsc.ts, TypeScript
// that the benchmark, plain JS on dist/, cannot load.)
const { randomBytes } = require('node:crypto');
const smpp = require('smpp');

function textOf(value) {
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('latin1');
  return value && typeof value === 'object' ? textOf(value.message) : '';
}

/** Listens on `host` (loopback unless told otherwise) and `port`. */
async function startSmsc(port, password, host = '127.0.0.1') {
  const arrivals = new Map();
  const server = smpp.createServer((session) => {
    session.on('error', () => undefined);
    // As an SMSC would: PDUs go out at once, not held back by Nagle's algorithm for the peer's ACK.
    session.socket.setNoDelay(true);
    session.on('bind_transceiver', (pdu) => {
      if (pdu.password !== password) { session.send(pdu.response({ command_status: smpp.ESME_RINVPASWD })); return session.close(); }
      session.send(pdu.response({ system_id: 'bench-smsc' }));
    });
    session.on('enquire_link', (pdu) => session.send(pdu.response()));
    session.on('submit_sm', (pdu) => {
      const id = randomBytes(6).toString('hex');
      const text = textOf(pdu.message_payload ?? pdu.short_message);
      const seen = arrivals.get(text);
      arrivals.set(text, { at: seen?.at ?? Date.now(), count: (seen?.count ?? 0) + 1 });
      session.send(pdu.response({ message_id: id }));
      session.deliver_sm({
        source_addr_ton: 1, source_addr_npi: 1, source_addr: pdu.destination_addr, dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: pdu.source_addr,
        esm_class: 0x04, receipted_message_id: id, short_message: `id:${id} sub:001 dlvrd:001 submit date:2601010000 done date:2601010000 stat:DELIVRD err:000 text:`,
      });
    });
  });
  await new Promise((resolve, reject) => { server.once('error', reject); server.listen(port, host, resolve); });
  return {
    arrivals,
    stop: () => new Promise((resolve) => { for (const s of [...server.sessions]) s.destroy(); server.close(() => resolve()); }),
  };
}

module.exports = { startSmsc };
