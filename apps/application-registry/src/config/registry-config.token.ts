/** Injection token of the registry's validated config. */
export const REGISTRY_CONFIG = Symbol('REGISTRY_CONFIG');
