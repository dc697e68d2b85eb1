import { jsonOf, WebhookInvalidError, WebhookRequest, WebhookUnauthorizedError } from '../http/webhook-request';
import { hmacTag, safeEqual } from '../http/webhook-signature';
import type { DeliveryReceipt } from '../sms-provider';
import { deliveryStatusOf, requestIdOf, untel } from './http-b.protocol';

/** `<deliveryId>.<tag>`: the callbackData provider B's sends carry, so only a party that saw the send can post its receipt. */
export function httpBCallbackData(key: string, tenant: string, deliveryId: string): string {
  return `${deliveryId}.${hmacTag(key, `http-b:${tenant}:${deliveryId}`)}`;
}

/** A receipt from a notification; `deliveryId` is Berth's id, read from the verified callbackData. */
export type HttpBNotificationReceipt = DeliveryReceipt & { deliveryId: string };

interface Notification {
  callbackData?: unknown;
  deliveryInfo?: { address?: unknown; deliveryStatus?: unknown; description?: unknown };
  link?: Array<{ rel?: unknown; href?: unknown }>;
}

/**
 * Authenticates and reads one OneAPI `deliveryInfoNotification` that provider B posted to the
 * tenant's notifyURL. Authentic means: its callbackData is one Berth signed with `key` for this
 * tenant (httpBCallbackData). The provider's request id comes from the notification's link with
 * rel `OutboundSMSMessageRequest`. Throws WebhookUnauthorizedError (401) or WebhookInvalidError
 * (422); pure, no I/O.
 */
export function parseHttpBNotification(req: WebhookRequest, tenant: string, key: string): HttpBNotificationReceipt {
  const notification = (jsonOf(req) as { deliveryInfoNotification?: Notification } | null)?.deliveryInfoNotification;
  if (!notification || typeof notification !== 'object') throw new WebhookInvalidError('http-b: the body is not a deliveryInfoNotification');
  const callbackData = typeof notification.callbackData === 'string' ? notification.callbackData : '';
  const deliveryId = callbackData.slice(0, callbackData.lastIndexOf('.'));
  if (!deliveryId || !safeEqual(callbackData, httpBCallbackData(key, tenant, deliveryId))) throw new WebhookUnauthorizedError('http-b: callbackData is not one Berth signed for this tenant');
  const info = notification.deliveryInfo;
  const status = deliveryStatusOf(info?.deliveryStatus);
  if (!status || typeof info?.address !== 'string') throw new WebhookInvalidError('http-b: deliveryInfo needs address and a OneAPI deliveryStatus');
  const link = Array.isArray(notification.link) ? notification.link.find((l) => l?.rel === 'OutboundSMSMessageRequest') : undefined;
  const providerMessageId = requestIdOf(link?.href);
  if (!providerMessageId) throw new WebhookInvalidError('http-b: no link with rel OutboundSMSMessageRequest names the request');
  return { deliveryId, providerMessageId, address: untel(info.address), status, ...(typeof info.description === 'string' ? { reason: info.description } : {}) };
}
