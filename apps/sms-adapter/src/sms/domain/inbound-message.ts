/** A received message, stored per tenant. Numbers are E.164. */
export interface InboundDocument {
  _id: string;
  tenant: string;
  providerMessageId: string;
  senderAddress: string;
  destinationAddress: string;
  message: string;
  dateTime: string;
  receivedAt: Date;
}
