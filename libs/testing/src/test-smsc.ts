import { randomBytes } from 'node:crypto';
import * as smpp from 'smpp';

export interface Submit {
  systemId: string; source: string; destination: string; text: string; messageId: string; registeredDelivery: number;
  /** When it arrived (ms since the epoch). */
  at: number;
}

export interface TestSmscOptions {
  port: number;
  /** The password every system id binds with. */
  password: string;
  /** Destinations (digits, no `+`) refused with ESME_RINVDSTADR. */
  rejectDestinations?: Iterable<string>;
  /** Destinations whose submits are taken (recorded, and their receipts sent) but never answered: a lost submit_sm_resp. */
  unansweredDestinations?: Iterable<string>;
  /** Whether receipts carry the submit's user_message_reference (default true). */
  echoReferences?: boolean;
}

/**
 * An SMSC for tests on the `smpp` package's server, speaking SMPP 3.4 to the adapter: it binds
 * transceivers that present the password, answers enquire_link, records each submit_sm, answers
 * it with a message id and then sends a DELIVRD receipt (deliver_sm, esm_class 0x04, with the
 * submit's user_message_reference) when one was asked for. Like an SMSC's store and forward, a
 * receipt not acknowledged (deliver_sm_resp) before its session closed is sent again when that
 * system id binds next. It can inject inbound deliver_sm to a bound system id, and stop and start
 * on the same port to act an outage.
 */
export class TestSmsc {
  readonly submits: Submit[] = [];
  readonly binds: string[] = [];
  private server?: smpp.Server;
  private readonly rejected: Set<string>;
  private readonly unanswered: Set<string>;
  private readonly bound = new Map<smpp.Session, string>();
  /** Receipts not yet acknowledged, per system id, by message id. */
  private readonly unacknowledged = new Map<string, Map<string, smpp.PduFields>>();

  constructor(private readonly options: TestSmscOptions) {
    this.rejected = new Set(options.rejectDestinations ?? []);
    this.unanswered = new Set(options.unansweredDestinations ?? []);
  }

  async start(): Promise<void> {
    const server = smpp.createServer((session) => this.serve(session));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /** Closes the port and drops every session (the adapter sees the connection go). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    for (const session of [...this.bound.keys()]) session.destroy();
    for (const session of [...server.sessions]) session.destroy();
    this.bound.clear();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Whether `systemId` has a bound session now. */
  isBound(systemId: string): boolean {
    return [...this.bound.values()].includes(systemId);
  }

  /** Sends a mobile-originated message to the ESME bound as `systemId`; resolves with its deliver_sm_resp status. */
  async inject(systemId: string, message: { source: string; destination: string; text: string }): Promise<number> {
    const session = [...this.bound].find(([, id]) => id === systemId)?.[0];
    if (!session) throw new Error(`${systemId} is not bound to the test SMSC`);
    return new Promise<number>((resolve) => session.deliver_sm({
      source_addr_ton: 1, source_addr_npi: 1, source_addr: message.source,
      dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: message.destination, esm_class: 0, short_message: message.text,
    }, (resp) => resolve(resp.command_status)));
  }

  private serve(session: smpp.Session) {
    session.on('error', () => undefined);
    session.socket.setNoDelay(true);
    session.on('bind_transceiver', (pdu: smpp.PDU) => {
      if (pdu.password !== this.options.password) {
        session.send(pdu.response({ command_status: smpp.ESME_RINVPASWD }));
        return session.close();
      }
      const systemId = String(pdu.system_id);
      this.bound.set(session, systemId);
      this.binds.push(systemId);
      session.send(pdu.response({ system_id: 'berth-test-smsc' }));
      for (const [messageId, receipt] of this.unacknowledged.get(systemId) ?? []) this.sendReceipt(session, systemId, messageId, receipt);
    });
    session.on('close', () => this.bound.delete(session));
    session.on('enquire_link', (pdu: smpp.PDU) => session.send(pdu.response()));
    session.on('unbind', (pdu: smpp.PDU) => { session.send(pdu.response()); session.close(); });
    session.on('submit_sm', (pdu: smpp.PDU) => this.submitted(session, pdu));
  }

  private submitted(session: smpp.Session, pdu: smpp.PDU) {
    const systemId = this.bound.get(session);
    if (!systemId) return session.send(pdu.response({ command_status: smpp.ESME_RINVSYSID }));
    const destination = String(pdu.destination_addr);
    if (this.rejected.has(destination)) return session.send(pdu.response({ command_status: smpp.ESME_RINVDSTADR }));
    const messageId = randomBytes(6).toString('hex');
    const text = textOf(pdu.message_payload ?? pdu.short_message);
    const registeredDelivery = Number(pdu.registered_delivery) || 0;
    this.submits.push({ systemId, source: String(pdu.source_addr), destination, text, messageId, registeredDelivery, at: Date.now() });
    if (!this.unanswered.has(destination)) session.send(pdu.response({ message_id: messageId }));
    if ((registeredDelivery & 0x03) === 0) return;
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(2, 12);
    const receipt: smpp.PduFields = {
      source_addr_ton: 1, source_addr_npi: 1, source_addr: destination, dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: String(pdu.source_addr),
      esm_class: 0x04, receipted_message_id: messageId, message_state: 2,
      short_message: `id:${messageId} sub:001 dlvrd:001 submit date:${stamp} done date:${stamp} stat:DELIVRD err:000 text:${text.slice(0, 20)}`,
      ...(typeof pdu.user_message_reference === 'number' && this.options.echoReferences !== false ? { user_message_reference: pdu.user_message_reference } : {}),
    };
    const pending = this.unacknowledged.get(systemId) ?? new Map<string, smpp.PduFields>();
    this.unacknowledged.set(systemId, pending.set(messageId, receipt));
    this.sendReceipt(session, systemId, messageId, receipt);
  }

  private sendReceipt(session: smpp.Session, systemId: string, messageId: string, receipt: smpp.PduFields) {
    session.deliver_sm(receipt, (resp) => {
      if (resp.command_status === smpp.ESME_ROK) this.unacknowledged.get(systemId)?.delete(messageId);
    });
  }
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('latin1');
  if (value && typeof value === 'object' && 'message' in value) return textOf((value as { message: unknown }).message);
  return '';
}
