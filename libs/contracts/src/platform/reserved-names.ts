import { RUNTIME_OPTIONS_CATEGORY } from '../orchestrator/runtime-options';
import { MESSAGING_CATEGORY } from '../sms/sms-providers';

/**
 * The tenant-option categories the platform's own apps read and write (SMS provider settings, CORS,
 * external JWT keys, two-factor and OAuth settings, rate limits, microservice runtime settings).
 * Their `credentials.` options are secrets no tenant's microservice may read, and no tenant's
 * application may be named after them. See docs/security.md, "Reserved names".
 */
export const PLATFORM_OPTION_CATEGORIES: readonly string[] = [
  MESSAGING_CATEGORY, 'sms', 'access.control', 'token.publicKey', 'two-factor-authentication', 'oauth.internal',
  'oauth', 'login', 'rate.limit', RUNTIME_OPTIONS_CATEGORY, 'tenant', 'system',
];

/**
 * The platform's built-in services: the context paths the gateway routes to its own apps
 * (`/service/messaging` is the SMS adapter) and those apps' names.
 */
export const BUILT_IN_SERVICE_NAMES: readonly string[] = [
  MESSAGING_CATEGORY, 'gateway', 'application-registry', 'subscription', 'tenant-options', 'sms-adapter', 'microservice-orchestrator',
];

const normal = (name: string) => name.trim().toLowerCase();
const RESERVED = new Set([...PLATFORM_OPTION_CATEGORIES, ...BUILT_IN_SERVICE_NAMES].map(normal));

/**
 * Whether `name` (an option category, an application's name, key, context path or settings
 * category) belongs to the platform, compared without case. The seeded known applications'
 * names are reserved on top of these by the application registry, which owns that list.
 */
export function isPlatformReservedName(name: string): boolean {
  return RESERVED.has(normal(name));
}

/** The normal form reserved names are compared in. */
export const reservedNameKey = normal;
