import type { ApplicationDependencyV1, ApplicationTypeV1 } from '@berth/contracts';
import type { ResourceFields } from '@berth/http';

/** Types a client may create (docs/api/applications.md); FEATURE is only seeded (known applications without artefact). */
export const CREATABLE_TYPES = ['EXTERNAL', 'HOSTED', 'MICROSERVICE', 'APAMA_CEP_RULE'] as const;
export type ApplicationType = ApplicationTypeV1;
export const AVAILABILITIES = ['PRIVATE', 'MARKET'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** An application as stored: `_id` is its id, `owner` its owner tenant's id; further fields are the client's. */
export interface ApplicationDocument {
  _id: string;
  name: string;
  key: string;
  type: ApplicationType;
  availability: Availability;
  owner: string;
  contextPath?: string;
  resourcesUrl?: string;
  externalUrl?: string;
  resourcesPassword?: string;
  dependencies?: ApplicationDependencyV1[];
  applicationVersions?: unknown[];
  activeVersionId?: string;
  /** Grows with every change; the events' aggregateVersion. */
  _version: number;
  [field: string]: unknown;
}

/** What a PUT may change (docs/api/applications.md): `type` never, versions only through their own URI. */
export const APPLICATION_FIELDS: ResourceFields = {
  resource: 'applications',
  readOnly: ['id', 'self', 'owner', 'activeVersionId', 'manifest', 'dependencies', 'bootstrapUser'],
  immutable: ['type'],
  subResources: ['applicationVersions', 'binaries', 'versions'],
  required: ['name', 'key', 'availability'],
};

/** Fields a POST may set: everything but what the server owns. */
export const CREATE_FIELDS: ResourceFields = {
  resource: 'applications',
  readOnly: ['id', 'self', 'owner', 'activeVersionId', 'applicationVersions', 'dependencies', 'bootstrapUser'],
};

/** Fields never answered: secrets and the store's own. */
export const HIDDEN_FIELDS = ['_id', '_version', '_outbox', '_inbox', 'owner', 'resourcesPassword', 'bootstrapUser'];
