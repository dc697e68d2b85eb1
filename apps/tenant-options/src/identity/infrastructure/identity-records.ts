import type { PrincipalKind } from '@berth/auth';

/** A user document; `_id` is `<tenant>/<userName>` so every lookup by name goes by `_id`. */
export interface UserRecord {
  _id: string;
  tenant: string;
  userName: string;
  passwordHash: string;
  /** Roles assigned directly; groups add more (effective roles). */
  roles: string[];
  groups: string[];
  kind: PrincipalKind;
  enabled: boolean;
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  lastPasswordChange: Date;
  /** When the user's sessions were last ended other than by a password change (TOTP turned on); see sessionsStart. */
  sessionsEndedAt?: Date;
  creationTime: Date;
  /** The user's TOTP second factor: the secret sealed with the app's SecretBox (context `totp:<_id>`); `active` once verified and switched on. */
  totp?: { secret: string; verified: boolean; active: boolean };
  /** The OAuth2 login option that made the user: its logins keep the user's roles as the option maps them. */
  oauth2Option?: string;
  /** Raised by every change; updates are conditional on it (409 when another change came first). */
  version: number;
  /** A deleted user stays as a tombstone (no password) until its event is published and the name is taken again. */
  deleted?: true;
}

/** A tenant document; `_id` is the tenant id. */
export interface TenantRecord {
  _id: string;
  domain: string;
  /** First label of `domain`: Host-header tenant resolution looks it up. */
  domainLabel: string;
  company?: string;
  status: 'ACTIVE' | 'SUSPENDED';
  adminName?: string;
  adminEmail?: string;
  contactName?: string;
  contactPhone?: string;
  /** Free properties the management tenant keeps for the tenant: name to string, number or boolean. */
  customProperties?: Record<string, string | number | boolean>;
  /** The tenant whose principal created it; absent for the management tenant (and counted as the management tenant when absent on another). */
  parent?: string;
  creationTime: Date;
  version: number;
  /** Deleted: suspended at once, removed by the tenant's consumer once its event is published. */
  deleted?: true;
}

export const userId = (tenant: string, userName: string) => `${tenant}/${userName}`;

/** The name of a microservice's service user in a subscribed tenant. */
export const serviceUserName = (applicationName: string) => `service_${applicationName}`;
