import { createHash } from 'node:crypto';
import type { DeliveryStatus } from '../../providers/sms-provider';
import type { SendRequest } from './send-request';

/** One recipient of a request and how far its delivery got. */
export interface Delivery {
  address: string;
  status: DeliveryStatus;
  providerMessageId?: string;
  /** The provider's message id, written on its own when the acceptance could not be recorded otherwise (Redis out of reach). */
  acceptedAs?: string;
  reason?: string;
}

/** A stored send request: one document, one delivery per recipient. */
export interface SmsRequestDocument extends Omit<SendRequest, 'addresses'> {
  _id: string;
  tenant: string;
  /** Why it was sent, for requests made by a command (`tfa-pin`); absent for the API's. */
  purpose?: string;
  /** Drop undelivered messages after this (ISO 8601). */
  expiresAt?: string;
  deliveries: Delivery[];
  createdAt: Date;
}

/** Statuses after which a delivery changes no more. */
export const FINAL_STATUSES: readonly DeliveryStatus[] = ['DeliveredToTerminal', 'DeliveryImpossible', 'DeliveryUncertain'];

/**
 * The request id: derived from tenant and `clientCorrelator` when given (a retried POST finds
 * the same request), else from a fresh unique value.
 */
export function requestId(tenant: string, unique: string): string {
  return createHash('sha256').update(`${tenant}\n${unique}`).digest('base64url').slice(0, 22);
}

/** Berth's id of one delivery, stable across retries; also the BullMQ job id. */
export const deliveryId = (requestIdValue: string, index: number) => `${requestIdValue}.${index}`;

export function parseDeliveryId(id: string): { requestId: string; index: number } | undefined {
  const m = /^([A-Za-z0-9_-]+)\.(\d+)$/.exec(id);
  return m ? { requestId: m[1], index: Number(m[2]) } : undefined;
}
