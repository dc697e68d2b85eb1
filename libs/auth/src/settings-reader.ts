import type { Principal } from './principal';

const SETTINGS_READER = 'settings/';

/**
 * The internal principal an app signs to read, for a microservice it has identified, the tenant
 * options that make up that microservice's settings: tenant `tenant`, category `category`, with
 * the one role reading options needs. Its user name holds a `/`, which no real user's can.
 */
export function settingsReader(tenant: string, category: string): Principal {
  return { tenant, user: `${SETTINGS_READER}${category}`, roles: ['ROLE_OPTION_MANAGEMENT_READ'], kind: 'internal' };
}

/** Whether `principal` is the settings reader of `category` (see settingsReader): it reads that category's secrets decrypted. */
export function isSettingsReaderOf(principal: Principal, category: string): boolean {
  return principal.kind === 'internal' && principal.user === `${SETTINGS_READER}${category}`;
}
