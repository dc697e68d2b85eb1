import { MESSAGING_CATEGORY, RUNTIME_OPTIONS_CATEGORY } from '@berth/contracts';
import { checkCategory, checkKey, checkValue } from '../option-name';
import { ACCESS_CONTROL_CATEGORY, ALLOW_ORIGIN_KEY, checkAllowOrigin } from './allow-origin.validator';
import { checkMessagingOption } from './messaging.validator';
import { checkPublicKey, PUBLIC_KEY_CATEGORY } from './public-key.validator';
import { checkRuntimeOption } from './runtime-option.validator';

export interface OptionWriteContext {
  /** The `messaging/provider` in effect for the write: the one in the same request, else the stored one. */
  messagingProvider?: string;
}

/**
 * Every rule an option must satisfy to be written: name character sets, a string value, and
 * the rules of the categories other apps read (public keys, SMS provider, CORS, microservice
 * runtime).
 * @throws DomainError 422 naming the key.
 */
export function checkOptionWrite(category: unknown, key: unknown, value: unknown, context: OptionWriteContext = {}): void {
  checkCategory(category);
  checkKey(key);
  checkValue(key, value);
  if (category === PUBLIC_KEY_CATEGORY) checkPublicKey(key, value);
  if (category === MESSAGING_CATEGORY) checkMessagingOption(key, value, context.messagingProvider);
  if (category === ACCESS_CONTROL_CATEGORY && key === ALLOW_ORIGIN_KEY) checkAllowOrigin(key, value);
  if (category === RUNTIME_OPTIONS_CATEGORY) checkRuntimeOption(key, value);
}
