/**
 * Who a request acts for, as the gateway established it (docs/architecture.md).
 * - `user`: a tenant's user (Basic, OAuth cookie or token, external JWT);
 * - `bootstrap`: a microservice's bootstrap user, limited to the endpoints marked `@BootstrapAccess()`;
 * - `service`: a microservice's per-tenant service user;
 * - `internal`: another Berth app (the gateway asking tenant-options to verify credentials).
 */
export type PrincipalKind = 'user' | 'bootstrap' | 'service' | 'internal';

export interface Principal {
  tenant: string;
  user: string;
  roles: string[];
  kind: PrincipalKind;
}

/** The internal header that carries the signed principal from the gateway to the apps. */
export const PRINCIPAL_HEADER = 'x-berth-principal';
