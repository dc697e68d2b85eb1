/** Injection token of the tenant-options app's validated config. */
export const TENANT_OPTIONS_CONFIG = Symbol('TENANT_OPTIONS_CONFIG');
