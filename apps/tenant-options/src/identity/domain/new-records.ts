import { WHITESPACE } from '@berth/http';
import type { PrincipalKind } from '@berth/auth';
import { MAX_TEXT_LENGTH } from '../../text-rules';
import { TenantRecord, UserRecord, userId } from '../infrastructure/identity-records';
import { domainLabel } from './tenant-fields';

export interface NewUser {
  tenant: string;
  userName: string;
  passwordHash: string;
  roles?: string[];
  kind?: PrincipalKind;
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  enabled?: boolean;
}

/** A user document as first stored: enabled, no groups, roles as given. */
export function newUserRecord(user: NewUser, now = new Date()): UserRecord {
  return {
    roles: [], groups: [], kind: 'user', enabled: true, ...user,
    _id: userId(user.tenant, user.userName), lastPasswordChange: now, creationTime: now, version: 1,
  };
}

/** A tenant document as first stored: ACTIVE, its domain's first label indexed for Host lookups. */
export function newTenantRecord(tenant: Omit<TenantRecord, 'domainLabel' | 'status' | 'creationTime' | 'version'>, now = new Date()): TenantRecord {
  return { ...tenant, domainLabel: domainLabel(tenant.domain), status: 'ACTIVE', creationTime: now, version: 1 };
}

/** User names: the real platform's character set, 1 to 1000 characters, no `/` (it separates tenant and user). */
export const USER_NAME = new RegExp(`^[^${WHITESPACE}/\\\\+$:]{1,${MAX_TEXT_LENGTH}}$`, 'u');
