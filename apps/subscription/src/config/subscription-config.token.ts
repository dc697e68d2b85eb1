/** Injection token of the subscription app's validated config. */
export const SUBSCRIPTION_CONFIG = Symbol('SUBSCRIPTION_CONFIG');
