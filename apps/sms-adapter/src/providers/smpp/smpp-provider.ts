import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { OutboundPolicy } from '@berth/runtime';
import * as smpp from 'smpp';
import { countSegments } from '../../sms/domain/segments';
import { OutboundSms, ProviderRejectedError, ProviderSink, ProviderUnavailableError, SmsProvider, SubmitResult } from '../sms-provider';
import { ensureNotExpired, waitBefore } from '../message-deadline';
import { parseReceiptText } from './smpp-receipt';

export interface SmppSettings { host: string; port: number; systemId: string; password: string; systemType: string }

const ENQUIRE_LINK_MS = 30_000;
const BIND_WAIT_MS = 5_000;
const RESPONSE_TIMEOUT_MS = 10_000;
const RECONNECT_MAX_MS = 30_000;
/** submit_sm answers that mean "try again later"; every other error refuses the message for good. */
const TRANSIENT = new Set([smpp.ESME_RSYSERR, smpp.ESME_RMSGQFUL, smpp.ESME_RTHROTTLED, smpp.ESME_RSUBMITFAIL]);
const ESM_RECEIPT = 0x04;
const TON_INTERNATIONAL = 1;
const NPI_E164 = 1;

/**
 * SMPP 3.4 as an ESME: one transceiver bind per tenant, kept alive with enquire_link and
 * re-established with exponential back-off (1 s to 30 s) whenever it drops. submit_sm asks for
 * receipts (registered_delivery 1); deliver_sm brings receipts (esm_class 0x04) and inbound
 * messages, each acknowledged only once the sink has taken it. The SMSC's address must pass the
 * outbound guard (OutboundPolicy) at every connect; a refused one stays unbound, like an unreachable one.
 * A send waits for the bind at most until the message's `notAfter`, and one past it leaves not at all.
 */
export class SmppProvider implements SmsProvider {
  readonly id = 'smpp';
  /** Receipts carry the submit's user_message_reference (SMPP 3.4, deliver_sm optional parameters) where the SMSC returns it. */
  readonly supports = { receiveAll: true, receiveOne: true, receiptReferences: true };
  private session?: smpp.Session;
  private bound = false;
  private closed = false;
  private failures = 0;
  private timer?: NodeJS.Timeout;
  private waiters: Array<() => void> = [];

  constructor(private readonly settings: SmppSettings, private readonly sink: ProviderSink, private readonly outbound: OutboundPolicy) {
    this.connect();
  }

  private connect() {
    if (this.closed) return;
    const { host, port } = this.settings;
    if (isIP(host) && this.outbound.refuses(host, port)) {
      this.timer = setTimeout(() => this.connect(), RECONNECT_MAX_MS);
      return;
    }
    // noDelay: each PDU leaves at once; with Nagle's algorithm a submit_sm sent while an earlier one
    // is unacknowledged waits for the SMSC's (delayed) ACK, tens of ms per window under load.
    const session = smpp.connect({ host, port, noDelay: true, auto_enquire_link_period: ENQUIRE_LINK_MS, lookup: this.outbound.lookupFor(port) });
    this.session = session;
    session.on('connect', () => session.bind_transceiver(
      { system_id: this.settings.systemId, password: this.settings.password, system_type: this.settings.systemType },
      (pdu) => {
        if (pdu.command_status !== smpp.ESME_ROK) return session.destroy();
        this.bound = true;
        this.failures = 0;
        for (const wake of this.waiters.splice(0)) wake();
      },
    ));
    session.on('enquire_link', (pdu: smpp.PDU) => session.send(pdu.response()));
    session.on('unbind', (pdu: smpp.PDU) => { session.send(pdu.response()); session.close(); });
    session.on('deliver_sm', (pdu: smpp.PDU) => void this.delivered(session, pdu));
    session.on('error', () => undefined);
    session.on('close', () => this.dropped(session));
  }

  private dropped(session: smpp.Session) {
    if (this.session !== session) return;
    this.bound = false;
    this.session = undefined;
    if (this.closed) return;
    const delay = Math.min(RECONNECT_MAX_MS, 1000 * 2 ** Math.min(this.failures++, 5));
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** The bound session, waiting up to BIND_WAIT_MS for the bind, or less when the message's deadline comes first; undefined when still unbound. */
  private async whenBound(sms: OutboundSms): Promise<smpp.Session | undefined> {
    if (!this.bound || !this.session) {
      await new Promise<void>((resolve) => {
        const wake = () => { clearTimeout(timer); resolve(); };
        const timer = setTimeout(() => { this.waiters = this.waiters.filter((w) => w !== wake); resolve(); }, waitBefore(sms, BIND_WAIT_MS));
        this.waiters.push(wake);
      });
    }
    return this.bound ? this.session : undefined;
  }

  async send(sms: OutboundSms): Promise<SubmitResult> {
    let session = await this.whenBound(sms);
    const long = countSegments(sms.text).segments > 1;
    if (session && sms.submitting) {
      await sms.submitting();
      session = await this.whenBound(sms);
    }
    ensureNotExpired(sms);
    if (!session) throw new ProviderUnavailableError(`SMSC ${this.settings.host}:${this.settings.port} is not bound`);
    const pdu = await new Promise<smpp.PDU>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ProviderUnavailableError('no submit_sm_resp in time', true)), RESPONSE_TIMEOUT_MS);
      const sent = session.submit_sm({
        source_addr_ton: TON_INTERNATIONAL, source_addr_npi: NPI_E164, source_addr: sms.senderAddress.replace(/^\+/, ''),
        dest_addr_ton: TON_INTERNATIONAL, dest_addr_npi: NPI_E164, destination_addr: sms.address.replace(/^\+/, ''),
        registered_delivery: 1, ...(long ? { message_payload: sms.text } : { short_message: sms.text }),
        ...(sms.reference === undefined ? {} : { user_message_reference: sms.reference }),
      }, (resp) => { clearTimeout(timer); resolve(resp); });
      if (!sent) { clearTimeout(timer); reject(new ProviderUnavailableError('the SMSC connection is not writable')); }
    });
    if (pdu.command_status === smpp.ESME_ROK) return { providerMessageId: String(pdu.message_id), status: 'DeliveredToNetwork' };
    const why = `submit_sm answered with status 0x${pdu.command_status.toString(16)}`;
    throw TRANSIENT.has(pdu.command_status) ? new ProviderUnavailableError(why) : new ProviderRejectedError(why);
  }

  private async delivered(session: smpp.Session, pdu: smpp.PDU) {
    try {
      const text = messageText(pdu.message_payload ?? pdu.short_message);
      if ((Number(pdu.esm_class) & ESM_RECEIPT) !== 0) {
        const receipt = parseReceiptText(text);
        const messageId = typeof pdu.receipted_message_id === 'string' && pdu.receipted_message_id ? pdu.receipted_message_id : receipt?.messageId;
        if (receipt && messageId) {
          await this.sink.receipt({
            providerMessageId: messageId, address: `+${String(pdu.source_addr)}`, status: receipt.status, reason: receipt.error ? `SMSC error ${receipt.error} (${receipt.state})` : undefined,
            ...(typeof pdu.user_message_reference === 'number' ? { reference: pdu.user_message_reference } : {}),
          });
        }
      } else {
        await this.sink.inbound({
          providerMessageId: randomUUID(), senderAddress: `+${String(pdu.source_addr).replace(/^\+/, '')}`,
          destinationAddress: `+${String(pdu.destination_addr).replace(/^\+/, '')}`, message: text, dateTime: new Date().toISOString(),
        });
      }
      session.send(pdu.response());
    } catch {
      session.send(pdu.response({ command_status: smpp.ESME_RSYSERR }));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const session = this.session;
    this.session = undefined;
    if (session) await new Promise<void>((resolve) => { session.once('close', () => resolve()); session.destroy(); setTimeout(resolve, 1000); });
  }
}

function messageText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('latin1');
  if (value && typeof value === 'object' && 'message' in value) return messageText((value as { message: unknown }).message);
  return '';
}
