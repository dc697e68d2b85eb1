import { GroupChanged, GroupChangedV1, OptionChanged, OptionChangedV1, TenantChanged, TenantChangedV1, UserChanged, UserChangedV1 } from '@berth/contracts';
import type { GatewayEventHandler } from '../events/gateway-events';
import { CredentialCache } from './credential-cache';

/** Option categories whose change may alter how any of the tenant's credentials verify. */
const TENANT_WIDE_CATEGORIES = new Set(['token.publicKey', 'two-factor-authentication']);

/**
 * Drops cached credentials on identity events: a user's on `UserChanged`, a whole tenant's on
 * `TenantChanged`, a group's change (its members' roles) and a change of one of its JWT keys
 * (`token.publicKey` options) or of its TFA settings (`two-factor-authentication` options).
 */
export function identityEvents(cache: CredentialCache): GatewayEventHandler {
  return async (envelope) => {
    if (envelope.type === UserChanged.type) {
      const { tenant, userName } = envelope.payload as UserChangedV1;
      await cache.evictUser(tenant, userName);
    } else if (envelope.type === GroupChanged.type) {
      await cache.evictTenant((envelope.payload as GroupChangedV1).tenant);
    } else if (envelope.type === TenantChanged.type) {
      await cache.evictTenant((envelope.payload as TenantChangedV1).tenant);
    } else if (envelope.type === OptionChanged.type && TENANT_WIDE_CATEGORIES.has((envelope.payload as OptionChangedV1).category) && typeof envelope.tenantId === 'string') {
      await cache.evictTenant(envelope.tenantId);
    }
  };
}
