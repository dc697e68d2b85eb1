import { OptionChanged, OptionChangedV1 } from '@berth/contracts';

/**
 * The tenant whose options of `category` an event changed: an OptionChanged of that category,
 * for the envelope's `tenantId` (else the first segment of the message key `<tenant>/<category>/<key>`);
 * undefined for any other message.
 */
export function optionChangeOf(category: string, envelope: { type?: unknown; tenantId?: unknown; payload?: unknown }, key?: string): string | undefined {
  if (envelope.type !== OptionChanged.type) return undefined;
  if ((envelope.payload as OptionChangedV1 | undefined)?.category !== category) return undefined;
  const tenant = typeof envelope.tenantId === 'string' ? envelope.tenantId : key?.split('/')[0];
  return tenant || undefined;
}
