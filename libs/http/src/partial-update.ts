import { isDeepStrictEqual } from 'node:util';
import { DomainError } from './domain-error';

/** What a PUT may and may not change on a resource: it changes the fields it sends, `null` removes one, sub-resources with their own URI never change (docs/api/conventions.md). */
export interface ResourceFields {
  /** The error resource name, e.g. `applications`. */
  resource: string;
  /** Fields the server owns (`id`, `self`, `owner`…): ignored when sent, as the real platform does. */
  readOnly?: readonly string[];
  /** Fields set on create that may not change (`type`): the current value may be echoed, any other is 422. */
  immutable?: readonly string[];
  /** Fields that are sub-resources with their own URI: the current value may be echoed, any change is 422. */
  subResources?: readonly string[];
  /** Fields that may change but never be removed: `null` is 422. */
  required?: readonly string[];
}

/** A MongoDB update of top-level fields, and the names of the fields it changes. */
export interface PartialUpdate {
  $set: Record<string, unknown>;
  $unset: Record<string, ''>;
  /** Fields that change (set or removed), in body order. Empty when the PUT changes nothing. */
  changed: string[];
}

/** The field names a partial update takes (also the `propertyNames` pattern of request schemas); any other name is refused with 422. */
export const FIELD_NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_-]*$';
const FIELD = new RegExp(FIELD_NAME_PATTERN);

/**
 * Turns a PUT body into the update of a stored resource: only fields sent change; a field sent as
 * `null` is removed; read-only fields are ignored; immutable fields and sub-resources may only be
 * echoed with their current value (clients PUT back what they fetched). A top-level value
 * replaces the stored one whole. Field names must be plain identifiers, so no body can reach
 * internal fields (`_id`, `_outbox`), operators or dotted paths.
 * @throws DomainError `<resource>/Unprocessable Entity` (422) for a body that is not a JSON
 * object, a changed immutable field or sub-resource, `null` for a required field, or a field
 * name that is not a plain identifier.
 */
export function partialUpdate(body: unknown, fields: ResourceFields, current: Record<string, unknown>): PartialUpdate {
  const refuse = (message: string) => new DomainError(fields.resource, 'Unprocessable Entity', message);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw refuse('the body must be a JSON object');
  const update: PartialUpdate = { $set: {}, $unset: {}, changed: [] };
  for (const [name, value] of Object.entries(body)) {
    if (fields.readOnly?.includes(name)) continue;
    if (!FIELD.test(name)) throw refuse(`"${name}" is not a valid field name`);
    const same = isDeepStrictEqual(value, current[name]) || (value === null && current[name] === undefined);
    if (fields.immutable?.includes(name) && !same) throw refuse(`${name} cannot be changed`);
    if (fields.subResources?.includes(name) && !same) throw refuse(`${name} is a sub-resource with its own URI; change it there`);
    if (value === null && fields.required?.includes(name)) throw refuse(`${name} cannot be removed`);
    if (same) continue;
    if (value === null) update.$unset[name] = '';
    else update.$set[name] = value;
    update.changed.push(name);
  }
  return update;
}

/** The resource as it is after `update`: what a PUT answers and what validation checks. */
export function applyPartialUpdate<T extends Record<string, unknown>>(current: T, update: PartialUpdate): T {
  const next: Record<string, unknown> = { ...current, ...update.$set };
  for (const name of Object.keys(update.$unset)) delete next[name];
  return next as T;
}

/** The update as MongoDB operators, leaving out empty ones (MongoDB refuses an empty `$set`). */
export function toMongoUpdate(update: PartialUpdate): { $set?: Record<string, unknown>; $unset?: Record<string, ''> } {
  return {
    ...(Object.keys(update.$set).length ? { $set: update.$set } : {}),
    ...(Object.keys(update.$unset).length ? { $unset: update.$unset } : {}),
  };
}
