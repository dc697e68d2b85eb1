import type { ApplicationDependencyV1 } from '@berth/contracts';
import type { ApplicationDocument } from './application';

type Kind = 'WA' | 'MS' | 'F';
type Edition = 'STANDARD' | 'ENTERPRISE' | 'OPTIONAL';
interface KnownApplication { id: string; name: string; kind: Kind; edition: Edition; isolation?: 'MULTI_TENANT' | 'PER_TENANT'; dependencies?: ApplicationDependencyV1[] }

/**
 * The applications every platform offers by name (docs/api/applications.md). Ids are fixed so that seeding is idempotent across restarts
 * and replicas; generated ids are 17 digits long and never meet them. Dependencies: a subscriber
 * needs a subscription to any one application of each `anyOf` (the per-tenant rule engine is
 * `cep-small`).
 */
export const KNOWN_APPLICATIONS: readonly KnownApplication[] = [
  { id: '1', name: 'administration', kind: 'WA', edition: 'STANDARD' },
  { id: '2', name: 'branding', kind: 'MS', edition: 'ENTERPRISE' },
  { id: '3', name: 'cep', kind: 'MS', edition: 'STANDARD', isolation: 'MULTI_TENANT' },
  { id: '4', name: 'cep-small', kind: 'MS', edition: 'OPTIONAL', isolation: 'PER_TENANT' },
  { id: '5', name: 'feature-cep-custom-rules', kind: 'F', edition: 'OPTIONAL', dependencies: [{ anyOf: ['cep-small'] }] },
  { id: '6', name: 'cockpit', kind: 'WA', edition: 'STANDARD' },
  { id: '7', name: 'feature-fieldbus4', kind: 'F', edition: 'OPTIONAL' },
  { id: '8', name: 'cloud-remote-access', kind: 'MS', edition: 'OPTIONAL' },
  { id: '9', name: 'feature-broker', kind: 'F', edition: 'ENTERPRISE' },
  { id: '10', name: 'devicemanagement', kind: 'WA', edition: 'STANDARD' },
  { id: '11', name: 'device-simulator', kind: 'MS', edition: 'STANDARD' },
  { id: '12', name: 'feature-microservice-hosting', kind: 'F', edition: 'OPTIONAL' },
  { id: '13', name: 'lwm2m-agent', kind: 'MS', edition: 'OPTIONAL' },
  { id: '14', name: 'smartrule', kind: 'MS', edition: 'STANDARD', dependencies: [{ anyOf: ['cep', 'cep-small'] }] },
  { id: '15', name: 'sslmanagement', kind: 'MS', edition: 'ENTERPRISE' },
  { id: '16', name: 'tenant-sla-monitoring', kind: 'MS', edition: 'OPTIONAL' },
  { id: '17', name: 'feature-user-hierarchy', kind: 'F', edition: 'ENTERPRISE' },
];

/** The stored application of a known one, owned by the management tenant and available to all (MARKET). */
export function knownApplicationDocument(known: KnownApplication, managementTenant: string): ApplicationDocument {
  const common = {
    _id: known.id, name: known.name, key: `${known.name}-application-key`, availability: 'MARKET' as const,
    owner: managementTenant, edition: known.edition, _version: 1,
    ...(known.dependencies ? { dependencies: known.dependencies } : {}),
  };
  if (known.kind === 'WA') return { ...common, type: 'HOSTED', contextPath: known.name, resourcesUrl: '/' };
  if (known.kind === 'F') return { ...common, type: 'FEATURE' };
  return {
    ...common, type: 'MICROSERVICE', contextPath: known.name, requiredRoles: [], roles: [],
    manifest: { isolation: known.isolation ?? 'MULTI_TENANT' },
  };
}
