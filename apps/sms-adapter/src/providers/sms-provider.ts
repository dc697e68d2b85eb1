import type { SmsProviderDefinition } from '@berth/contracts';

/** GSMA OneAPI delivery statuses (docs/api/sms.md). */
export type DeliveryStatus = 'DeliveredToTerminal' | 'DeliveredToNetwork' | 'DeliveryUncertain' | 'DeliveryImpossible' | 'MessageWaiting';

/** One message to one recipient, as the adapter hands it to a provider. Addresses are E.164 (`+4912345`), without `tel:`. */
export interface OutboundSms {
  /** Berth's id of this delivery (one request, one recipient); stable across retries. */
  deliveryId: string;
  tenant: string;
  senderAddress: string;
  senderName?: string;
  address: string;
  text: string;
  /**
   * For providers with `supports.receiptReferences`: a number (0–65535) the provider sends with the
   * message and gets back in its receipts, so a receipt can name a message whose acceptance was never
   * seen (the adapter died between sending it and reading the answer).
   */
  reference?: number;
  /** Called (and awaited) right before the message leaves for the provider, once it is sure to be sent. */
  submitting?: () => Promise<void>;
  /**
   * The message's deadline (ms since the epoch): it must not leave for the provider after it. The
   * provider checks it right before the submit leaves, after any wait (connection, bind, token),
   * and ends such waits at it (see message-deadline.ts).
   */
  notAfter?: number;
}

export interface SubmitResult {
  /** The provider's id of the message, which its receipts name. */
  providerMessageId: string;
  /** A status the provider reports at once, if any (e.g. DeliveredToNetwork). */
  status?: DeliveryStatus;
}

/** A message a provider received for the tenant. */
export interface InboundSms {
  providerMessageId: string;
  senderAddress: string;
  destinationAddress: string;
  message: string;
  /** ISO 8601. */
  dateTime: string;
}

export interface DeliveryReceipt {
  providerMessageId: string;
  address: string;
  /** The `reference` the message was sent with, where the provider gives it back. */
  reference?: number;
  status: DeliveryStatus;
  reason?: string;
}

/** What a provider reports back to the adapter, for the tenant it was created for. */
export interface ProviderSink {
  inbound(message: InboundSms): Promise<void>;
  receipt(receipt: DeliveryReceipt): Promise<void>;
}

/**
 * The provider could not be reached or answered with a temporary error: the delivery is retried with
 * back-off. `uncertain`: the message left, and no answer came, so the provider may have taken it.
 */
export class ProviderUnavailableError extends Error {
  constructor(message: string, readonly uncertain = false) {
    super(message);
  }
}
/** The provider refused the message for good (bad number, bad credentials): the delivery ends DeliveryImpossible with this reason. */
export class ProviderRejectedError extends Error {}
/** The message's `notAfter` passed before it could leave: nothing was sent, and it is not retried. */
export class MessageExpiredError extends Error {}

/** One tenant's connection to its configured provider. */
export interface SmsProvider {
  readonly id: string;
  /** What the provider can do for inbound messages (docs/api/sms.md): whether received messages can be listed, and fetched one by one. */
  readonly supports: { receiveAll: boolean; receiveOne: boolean; receiptReferences?: boolean };
  /** Submits one message, unless its `notAfter` passed. Throws ProviderUnavailableError, ProviderRejectedError or MessageExpiredError. */
  send(sms: OutboundSms): Promise<SubmitResult>;
  /** Releases connections and timers. */
  close(): Promise<void>;
}

/** Makes providers of one kind from a tenant's `messaging` options (`<id>.<key>` without the prefix, secrets decrypted). */
export interface SmsProviderFactory {
  readonly definition: SmsProviderDefinition;
  create(tenant: string, settings: Readonly<Record<string, string>>, sink: ProviderSink): SmsProvider;
}
