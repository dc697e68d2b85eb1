import { MessageExpiredError, OutboundSms } from './sms-provider';

/** The deadline of a message that stops being useful at `expiresAt` (ISO 8601); undefined when it has none or it is not a date. */
export function deadlineOf(expiresAt: string | undefined): number | undefined {
  const at = expiresAt === undefined ? NaN : Date.parse(expiresAt);
  return Number.isFinite(at) ? at : undefined;
}

/** Whether a message with this deadline may no longer leave: the deadline lies before `now`. */
export function isPast(notAfter: number | undefined, now = Date.now()): boolean {
  return notAfter !== undefined && now > notAfter;
}

/** Throws MessageExpiredError when `sms` may no longer leave. Providers call it right before the submit leaves. */
export function ensureNotExpired(sms: Pick<OutboundSms, 'deliveryId' | 'notAfter'>): void {
  if (isPast(sms.notAfter)) throw new MessageExpiredError(`delivery ${sms.deliveryId} expired before it could be sent`);
}

/**
 * How long a send may wait for something (a connection, a bind) before giving up: `maxMs`, cut to
 * end just past the message's deadline, so that a wait ended by the deadline finds it past.
 */
export function waitBefore(sms: Pick<OutboundSms, 'notAfter'>, maxMs: number): number {
  return sms.notAfter === undefined ? maxMs : Math.max(0, Math.min(maxMs, sms.notAfter + 1 - Date.now()));
}
