import type { SmsProviderDefinition } from '@berth/contracts';

/** GSMA OneAPI delivery statuses (CLIENTS.md "SMS"). */
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
  status: DeliveryStatus;
  reason?: string;
}

/** What a provider reports back to the adapter, for the tenant it was created for. */
export interface ProviderSink {
  inbound(message: InboundSms): Promise<void>;
  receipt(receipt: DeliveryReceipt): Promise<void>;
}

/** The provider could not be reached or answered with a temporary error: the delivery is retried with back-off. */
export class ProviderUnavailableError extends Error {}
/** The provider refused the message for good (bad number, bad credentials): the delivery ends DeliveryImpossible with this reason. */
export class ProviderRejectedError extends Error {}

/** One tenant's connection to its configured provider. */
export interface SmsProvider {
  readonly id: string;
  /** SPEC.md's matrix: whether received messages can be listed, and fetched one by one. */
  readonly supports: { receiveAll: boolean; receiveOne: boolean };
  /** Submits one message. Throws ProviderUnavailableError or ProviderRejectedError. */
  send(sms: OutboundSms): Promise<SubmitResult>;
  /** Releases connections and timers. */
  close(): Promise<void>;
}

/** Makes providers of one kind from a tenant's `messaging` options (`<id>.<key>` without the prefix, secrets decrypted). */
export interface SmsProviderFactory {
  readonly definition: SmsProviderDefinition;
  create(tenant: string, settings: Readonly<Record<string, string>>, sink: ProviderSink): SmsProvider;
}
