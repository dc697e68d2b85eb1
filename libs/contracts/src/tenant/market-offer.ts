/** A tenant as the application visibility rule needs it: its id and the tenant that created it. */
export interface TenantLineage {
  id: string;
  /** The tenant that created it; absent (or null) counts as the management tenant. */
  parent?: string | null;
}

/**
 * The owners whose MARKET applications are offered to `tenant`: the management tenant (its MARKET
 * applications are offered to every tenant) and the tenant's parent, the tenant that created it (a
 * tenant recorded without parent is the management tenant's child; the management tenant has none).
 */
export function marketOwnersFor(tenant: TenantLineage, managementTenant: string): string[] {
  const parent = tenant.id === managementTenant ? undefined : tenant.parent ?? managementTenant;
  return parent && parent !== managementTenant ? [managementTenant, parent] : [managementTenant];
}

/**
 * The one visibility rule of applications for a tenant: its own applications, and the MARKET
 * applications of the owners marketOwnersFor names. Anything else is, to that tenant, not there.
 */
export function isOfferedTo(app: { owner: string; availability?: string }, tenant: TenantLineage, managementTenant: string): boolean {
  return app.owner === tenant.id || (app.availability === 'MARKET' && marketOwnersFor(tenant, managementTenant).includes(app.owner));
}
