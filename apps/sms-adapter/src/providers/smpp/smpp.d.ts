/** The parts of the `smpp` package (0.5, untyped) Berth uses: sessions, PDUs and the server. */
declare module 'smpp' {
  import { EventEmitter } from 'node:events';
  import { Server as NetServer, Socket } from 'node:net';

  export type PduFields = Record<string, unknown>;

  export class PDU {
    constructor(command: string, options?: PduFields);
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    isResponse(): boolean;
    response(options?: PduFields): PDU;
  }

  export class Session extends EventEmitter {
    socket: Socket;
    server?: Server;
    send(pdu: PDU, responseCallback?: (pdu: PDU) => void, sendCallback?: (pdu: PDU) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(options: PduFields, responseCallback?: (pdu: PDU) => void): boolean;
    submit_sm(options: PduFields, responseCallback?: (pdu: PDU) => void): boolean;
    deliver_sm(options: PduFields, responseCallback?: (pdu: PDU) => void): boolean;
    enquire_link(options?: PduFields, responseCallback?: (pdu: PDU) => void): boolean;
    unbind(options?: PduFields, responseCallback?: (pdu: PDU) => void): boolean;
  }

  export class Server extends NetServer {
    sessions: Session[];
  }

  export interface ConnectOptions { host: string; port: number; noDelay?: boolean; auto_enquire_link_period?: number; connectTimeout?: number; lookup?: import('node:net').LookupFunction }
  export function connect(options: ConnectOptions, listener?: () => void): Session;
  export function createServer(listener: (session: Session) => void): Server;

  export const ESME_ROK: number;
  export const ESME_RINVMSGLEN: number;
  export const ESME_RSYSERR: number;
  export const ESME_RINVSRCADR: number;
  export const ESME_RINVDSTADR: number;
  export const ESME_RBINDFAIL: number;
  export const ESME_RINVPASWD: number;
  export const ESME_RINVSYSID: number;
  export const ESME_RMSGQFUL: number;
  export const ESME_RTHROTTLED: number;
  export const ESME_RSUBMITFAIL: number;
}
