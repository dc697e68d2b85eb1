import type { Envelope, MessageContext } from '@berth/messaging';

/**
 * A reaction to messages of some topics, run by the app's one consumer group
 * (`<BERTH_DB_PREFIX>.<app>`). Handlers must be idempotent: use `once()` for single-document
 * effects, or check state first. Throw `PermanentError` for a message that can never succeed.
 */
export interface MessageConsumer {
  readonly topics: readonly string[];
  handle(envelope: Envelope, context: MessageContext): Promise<void>;
}
