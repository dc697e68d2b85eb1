import { stringList } from '@berth/contracts';
import { DomainError } from '@berth/http';

/** One uploaded binary of an application, listed as its `applicationVersions` (docs/api/applications.md). */
export interface ApplicationVersion {
  version: string;
  binaryId: string;
  tags: string[];
  created: string;
  /** The validated manifest the binary brought; stored, not answered with the version. */
  manifest?: Record<string, unknown>;
}

export const LATEST = 'latest';
/** A version tag: 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit. */
export const TAG_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$';
const TAG = new RegExp(TAG_PATTERN);
/** A version named by a client: 1-64 letters, digits, '.', '+', '_' or '-', starting with a letter or digit (SemVer fits). */
export const VERSION_PATTERN = '^[A-Za-z0-9][A-Za-z0-9.+_-]{0,63}$';
const VERSION = new RegExp(VERSION_PATTERN);
const invalid = (message: string) => new DomainError('applications', 'Unprocessable Entity', message);

/** A version for a binary whose manifest names none: SemVer, growing with time. */
export function generatedVersion(now = Date.now()): string {
  return `1.0.0-${now}`;
}

/**
 * Adds an uploaded version: it replaces a version of the same name (keeping its tags), gets the
 * tag `latest`, which no other version keeps. Returns the versions and the one replaced, if any.
 */
export function addVersion(versions: ApplicationVersion[], added: Omit<ApplicationVersion, 'tags'>): { versions: ApplicationVersion[]; replaced?: ApplicationVersion } {
  const replaced = versions.find((v) => v.version === added.version);
  const tags = [LATEST, ...(replaced?.tags ?? []).filter((t) => t !== LATEST)];
  const others = versions.filter((v) => v !== replaced).map((v) => ({ ...v, tags: v.tags.filter((t) => t !== LATEST) }));
  return { versions: [...others, { ...added, tags }], replaced };
}

/** What `POST …/versions` asks for in its `applicationVersion` part: the version's name, if given, and its tags. */
export interface VersionRequest { version?: string; tags: string[] }

/**
 * The `applicationVersion` part: `{"version": "…", "tags": […]}` as JSON text or already parsed;
 * absent, empty or null fields ask for nothing. @throws DomainError 422 naming the problem.
 */
export function parseVersionRequest(part: unknown): VersionRequest {
  const notAnObject = () => invalid('applicationVersion must be a JSON object {"version": "...", "tags": [...]}');
  let body = part ?? {};
  if (typeof body === 'string') {
    try {
      body = body.trim() === '' ? {} : JSON.parse(body) ?? {};
    } catch {
      throw notAnObject();
    }
  }
  if (typeof body !== 'object' || Array.isArray(body)) throw notAnObject();
  const { version, tags } = body as { version?: unknown; tags?: unknown };
  if (version !== undefined && version !== null && version !== '' && (typeof version !== 'string' || !VERSION.test(version))) {
    throw invalid(`version ${JSON.stringify(version)} must be 1-64 letters, digits, '.', '+', '_' or '-'`);
  }
  return { ...(typeof version === 'string' && version !== '' ? { version } : {}), tags: parseTags({ tags: tags ?? [] }) };
}

/**
 * Adds a version created with its own name and tags (`POST …/versions`): it replaces nothing and takes no tag from another version.
 * @throws DomainError `applications/Duplicate` (409) when the version exists or another version carries one of its tags.
 */
export function addNamedVersion(versions: ApplicationVersion[], added: ApplicationVersion): ApplicationVersion[] {
  if (versions.some((v) => v.version === added.version)) throw new DomainError('applications', 'Duplicate', `Version ${added.version} exists`);
  const taken = added.tags.find((tag) => versions.some((v) => v.tags.includes(tag)));
  if (taken !== undefined) throw new DomainError('applications', 'Duplicate', `Tag ${taken} is on another version; move it with PUT …/versions/{version}`);
  return [...versions, added];
}

/** @throws DomainError `applications/Not Found` (404) naming the version. */
export function findVersion(versions: ApplicationVersion[], version: string, appId: string): ApplicationVersion {
  const found = versions.find((v) => v.version === version);
  if (!found) throw new DomainError('applications', 'Not Found', `Application ${appId} has no version ${version}`);
  return found;
}

/** Picks one version: by its name, by a tag it carries, or by its binary's id. */
export interface VersionSelector { version?: string; tag?: string; binaryId?: string }

/** The version named by `version`, carrying `tag` or stored as `binaryId`. @throws 404 when none, 422 when none of them is given. */
export function selectVersion(versions: ApplicationVersion[], selector: VersionSelector, appId: string): ApplicationVersion {
  if (selector.version !== undefined) return findVersion(versions, selector.version, appId);
  if (selector.binaryId !== undefined) {
    const found = versions.find((v) => v.binaryId === selector.binaryId);
    if (!found) throw new DomainError('applications', 'Not Found', `Application ${appId} has no binary ${selector.binaryId}`);
    return found;
  }
  if (selector.tag === undefined) throw invalid('version or tag is required');
  const found = versions.find((v) => v.tags.includes(selector.tag!));
  if (!found) throw new DomainError('applications', 'Not Found', `Application ${appId} has no version tagged ${selector.tag}`);
  return found;
}

/**
 * The tags of a PUT body `{tags: [...]}`: distinct tokens of at most 64 characters.
 * @throws DomainError 422 naming the problem.
 */
export function parseTags(body: unknown): string[] {
  const tags = (body as { tags?: unknown } | null)?.tags;
  if (!Array.isArray(tags)) throw invalid('tags must be a list of strings');
  for (const tag of tags) {
    if (typeof tag !== 'string' || !TAG.test(tag)) throw invalid(`tag ${JSON.stringify(tag)} must be 1-64 letters, digits, '.', '_' or '-'`);
  }
  if (new Set(tags).size !== tags.length) throw invalid('tags must not repeat');
  return tags as string[];
}

/** Sets a version's tags; a tag moves to it from any other version (a tag names one version). */
export function setTags(versions: ApplicationVersion[], version: string, tags: string[]): ApplicationVersion[] {
  return versions.map((v) => (v.version === version ? { ...v, tags } : { ...v, tags: v.tags.filter((t) => !tags.includes(t)) }));
}

/**
 * Removes a version. The active one and the one tagged `latest` stay.
 * @throws DomainError `applications/Update Conflict` (409) for those.
 */
export function removeVersion(versions: ApplicationVersion[], removed: ApplicationVersion, activeVersionId: string | undefined): ApplicationVersion[] {
  if (removed.binaryId === activeVersionId) {
    throw new DomainError('applications', 'Update Conflict', `Version ${removed.version} is the active version; activate another one first`);
  }
  if (removed.tags.includes(LATEST)) {
    throw new DomainError('applications', 'Update Conflict', `Version ${removed.version} is tagged ${LATEST}; move the tag first`);
  }
  return versions.filter((v) => v !== removed);
}

/** A version as answered: without its stored manifest. */
export function versionResource({ version, binaryId, tags, created }: ApplicationVersion): Record<string, unknown> {
  return { version, binaryId, tags, created };
}

/**
 * What making `version` the active one sets on its application: the binary, the manifest it brought and, for a
 * microservice, the `requiredRoles` and `roles` that manifest names (docs/api/applications.md).
 */
export function activation(type: string, version: ApplicationVersion): Record<string, unknown> {
  if (!version.manifest) return { activeVersionId: version.binaryId };
  const roles = type === 'MICROSERVICE'
    ? { requiredRoles: stringList(version.manifest.requiredRoles) ?? [], roles: stringList(version.manifest.roles) ?? [] }
    : {};
  return { activeVersionId: version.binaryId, manifest: version.manifest, ...roles };
}
