import { DomainError } from '@berth/http';
import { isPlatformReservedName, reservedNameKey } from '@berth/contracts';
import type { ApplicationDocument } from './application';
import { KNOWN_APPLICATIONS, knownApplicationDocument } from './known-applications';

/** The fields whose values name an application to the platform. */
const NAME_FIELDS = ['name', 'key', 'contextPath'] as const;

function manifestOf(app: Partial<ApplicationDocument>): Record<string, unknown> {
  return typeof app.manifest === 'object' && app.manifest !== null && !Array.isArray(app.manifest) ? app.manifest as Record<string, unknown> : {};
}

/** What an application is called by: its name, key and context path, and its manifest's context path and settings category. */
function claimedNames(app: Partial<ApplicationDocument>): Array<[string, string]> {
  const manifest = manifestOf(app);
  const claims: Array<[string, unknown]> = [
    ...NAME_FIELDS.map((f): [string, unknown] => [f, app[f]]),
    ['manifest.contextPath', manifest.contextPath], ['manifest.settingsCategory', manifest.settingsCategory],
  ];
  return claims.filter((c): c is [string, string] => typeof c[1] === 'string');
}

/** Every name, key and context path of the seeded known applications. */
const KNOWN_NAMES = new Set(KNOWN_APPLICATIONS.flatMap((known) => claimedNames(knownApplicationDocument(known, '')).map(([, v]) => reservedNameKey(v))));

/** Whether the platform reserves `name`: a category or built-in service of the platform, or a known application's name, key or context path. */
export function isReservedName(name: string): boolean {
  return isPlatformReservedName(name) || KNOWN_NAMES.has(reservedNameKey(name));
}

/** The names the platform seeded `app` with, when `app` is a known application as seeded: its fixed id, owned by the management tenant. */
function seededNames(app: Partial<ApplicationDocument>, managementTenant: string): Set<string> {
  const known = KNOWN_APPLICATIONS.find((k) => k.id === app._id);
  if (!known || app.owner !== managementTenant) return new Set();
  return new Set(claimedNames(knownApplicationDocument(known, managementTenant)).map(([, v]) => reservedNameKey(v)));
}

/**
 * The first reserved name `app` claims that it may not hold: only a known application seeded by
 * the platform holds names the platform reserves, and only its own seeded ones. See
 * docs/security.md, "Reserved names".
 */
export function reservedNameClaimed(app: Partial<ApplicationDocument>, managementTenant: string): { field: string; value: string } | undefined {
  const own = seededNames(app, managementTenant);
  const claim = claimedNames(app).find(([, value]) => isReservedName(value) && !own.has(reservedNameKey(value)));
  return claim && { field: claim[0], value: claim[1] };
}

/** @throws DomainError 422 `applications/Unprocessable Entity` when `app` claims a name the platform reserves (reservedNameClaimed). */
export function checkReservedNames(app: Partial<ApplicationDocument>, managementTenant: string): void {
  const claim = reservedNameClaimed(app, managementTenant);
  if (claim) {
    throw new DomainError('applications', 'Unprocessable Entity', `${claim.field} "${claim.value}" is reserved for the platform's own categories and applications`);
  }
}
