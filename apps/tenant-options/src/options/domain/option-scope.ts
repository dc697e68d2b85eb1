/**
 * Whose options: one tenant's, or the system options the management tenant writes and every
 * tenant reads. A system option's owner is `@system` (tenant ids never start with `@`).
 */
export type OptionScope = { kind: 'tenant'; tenant: string } | { kind: 'system'; managementTenant: string };

export const SYSTEM_OWNER = '@system';

/** The owner field of a stored option: the tenant id, or `@system`. */
export function scopeOwner(scope: OptionScope): string {
  return scope.kind === 'tenant' ? scope.tenant : SYSTEM_OWNER;
}

/** The tenant an option's events are recorded for. */
export function scopeTenant(scope: OptionScope): string {
  return scope.kind === 'tenant' ? scope.tenant : scope.managementTenant;
}

/** The stored id and Kafka key of an option: `<owner>/<category>/<key>`. */
export function optionId(scope: OptionScope, category: string, key: string): string {
  return `${scopeOwner(scope)}/${category}/${key}`;
}

/** The path of an option under the public URL. */
export function optionPath(scope: OptionScope, category: string, key: string): string {
  return `${scope.kind === 'tenant' ? '/tenant/options' : '/tenant/system/options'}/${category}/${key}`;
}
