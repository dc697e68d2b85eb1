import { randomUUID } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { gw } from '@berth/testing';

export type Credentials = [string, string];
export const SENDER = '+4915112345678';
export const enc = (e164: string) => encodeURIComponent(`tel:${e164}`);
export const outbound = (sender = SENDER) => `/service/messaging/smsmessaging/outbound/${enc(sender)}/requests`;
export const inbound = (receiver = SENDER) => `/service/messaging/smsmessaging/inbound/registrations/${enc(receiver)}/messages`;

export function sendBody(to: string[], message: string, extra: Record<string, unknown> = {}, sender = SENDER) {
  return { outboundSMSMessageRequest: { address: to.map((n) => `tel:${n}`), senderAddress: `tel:${sender}`, senderName: 'Berth', outboundSMSTextMessage: { message }, ...extra } };
}

export const send = (as: Credentials, body: unknown, path = outbound()) => gw(path, { method: 'POST', as, body });

/** The path part of a resourceURL, to GET through the test's gateway. */
export const pathOf = (url: string) => new URL(url).pathname;

export function smppConfiguration(port: number, systemId: string, password: string) {
  return { provider: 'smpp', senderAddress: SENDER, senderName: 'Berth', settings: { host: '127.0.0.1', port: String(port), systemId, password } };
}

export async function newUser(tenant: { id: string; admin: Credentials }, extra: Record<string, unknown> = {}): Promise<Credentials> {
  const userName = `u-${randomUUID().slice(0, 8)}`;
  const password = `Pw-${randomUUID()}`;
  const res = await gw(`/user/${tenant.id}/users`, { method: 'POST', as: tenant.admin, body: { userName, password, ...extra } });
  if (res.status !== 201) throw new Error(`user not created: ${res.status} ${JSON.stringify(res.body)}`);
  return [`${tenant.id}/${userName}`, password];
}

/** A local server that records the receipts POSTed to it; answers 500 to the first `failFirst` of them. */
export class ReceiptServer {
  readonly received: any[] = [];
  private server?: Server;
  url = '';
  failFirst = 0;

  /** Listens on 127.0.0.1:`port` (a port the stack may call: testServerPort). */
  async start(port: number): Promise<void> {
    this.server = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        if (this.failFirst > 0) { this.failFirst--; res.statusCode = 500; return res.end(); }
        this.received.push({ path: req.url, body: JSON.parse(data) });
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', () => resolve()));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
