import { OptionChanged, OptionChangedV1 } from '@berth/contracts';
import { RATE_LIMIT_CATEGORY } from './rate-limit-options';

/**
 * The tenant whose rate-limit options an event changed: an OptionChanged of category `rate.limit`,
 * for the envelope's `tenantId` (else the first segment of the message key `<tenant>/<category>/<key>`);
 * undefined for any other message.
 */
export function rateLimitChangeOf(envelope: { type?: unknown; tenantId?: unknown; payload?: unknown }, key?: string): string | undefined {
  if (envelope.type !== OptionChanged.type) return undefined;
  if ((envelope.payload as OptionChangedV1 | undefined)?.category !== RATE_LIMIT_CATEGORY) return undefined;
  const tenant = typeof envelope.tenantId === 'string' ? envelope.tenantId : key?.split('/')[0];
  return tenant || undefined;
}
