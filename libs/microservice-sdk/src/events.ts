import type { Credentials } from './credentials';

/** A tenant subscribed to the microservice (or was subscribed when it started); carries the tenant's service user. */
export class MicroserviceSubscriptionAddedEvent {
  readonly type = 'MicroserviceSubscriptionAddedEvent';
  constructor(readonly tenant: string, readonly credentials: Credentials) {}
}

/** A tenant's subscription was removed. */
export class MicroserviceSubscriptionRemovedEvent {
  readonly type = 'MicroserviceSubscriptionRemovedEvent';
  constructor(readonly tenant: string) {}
}

export type SubscriptionListener<E> = (event: E) => void | Promise<void>;
