/**
 * The tenant edit form's rules (docs/api/tenants-users-auth.md#tenants): custom properties as
 * key/value rows with a type, and the partial update a PUT sends — only what changed, `null` for
 * what was removed.
 */
export type PropertyType = 'string' | 'number' | 'boolean';
export interface PropertyRow { key: string; value: string; type: PropertyType }
export type PropertyValue = string | number | boolean;

/** What the platform takes as a custom property's name: letters, digits, `-`, `_`. */
const PROPERTY_NAME = /^[A-Za-z0-9_-]+$/;
export const MAX_PROPERTIES = 100;

export function rowsOf(properties: Record<string, unknown> | undefined): PropertyRow[] {
  return Object.entries(properties ?? {}).map(([key, value]) => ({
    key, value: String(value), type: typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string',
  }));
}

type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/** The rows as the tenant's custom properties; rows with neither key nor value are ignored. */
export function propertiesOf(rows: readonly PropertyRow[]): Result<Record<string, PropertyValue>> {
  const out: Record<string, PropertyValue> = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (!key && !row.value.trim()) continue;
    if (!PROPERTY_NAME.test(key)) return { ok: false, error: `Property name "${key}" may only hold letters, digits, - and _` };
    if (key in out) return { ok: false, error: `Property "${key}" is there twice` };
    const value = typed(row);
    if (value === undefined) return { ok: false, error: `Property "${key}" is not a ${row.type}` };
    out[key] = value;
  }
  if (Object.keys(out).length > MAX_PROPERTIES) return { ok: false, error: `At most ${MAX_PROPERTIES} properties` };
  return { ok: true, value: out };
}

function typed({ value, type }: PropertyRow): PropertyValue | undefined {
  const text = value.trim();
  if (type === 'string') return value;
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined;
  const number = Number(text);
  return text !== '' && Number.isFinite(number) ? number : undefined;
}

/** The custom properties a PUT merges in: new and changed keys, and `null` for each removed key. */
export function propertyChanges(before: Record<string, unknown> | undefined, after: Record<string, PropertyValue>): Record<string, PropertyValue | null> {
  const changes: Record<string, PropertyValue | null> = {};
  for (const [key, value] of Object.entries(after)) if (before?.[key] !== value) changes[key] = value;
  for (const key of Object.keys(before ?? {})) if (!(key in after)) changes[key] = null;
  return changes;
}

/** The editable fields of a tenant, as the form holds them. */
export interface TenantFields { company: string; domain: string; contactName: string; contactPhone: string; adminEmail: string; status: 'ACTIVE' | 'SUSPENDED' }

/** A tenant as answered (its status may be @c8y/client's enum; absent fields are empty). */
export type TenantLike = Partial<Record<keyof TenantFields, unknown>> & { customProperties?: Record<string, unknown> };

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

export const fieldsOf = (t: TenantLike): TenantFields => ({
  company: text(t.company), domain: text(t.domain), contactName: text(t.contactName), contactPhone: text(t.contactPhone),
  adminEmail: text(t.adminEmail), status: text(t.status) === 'SUSPENDED' ? 'SUSPENDED' : 'ACTIVE',
});

/** Fields the platform lets a PUT remove with `null`; company and domain can only be changed. */
const REMOVABLE = new Set<keyof TenantFields>(['contactName', 'contactPhone', 'adminEmail']);

/** The body of `PUT /tenant/tenants/{id}`: the changed fields and custom properties; empty when nothing changed. */
export function tenantUpdate(
  before: TenantLike,
  fields: TenantFields,
  rows: readonly PropertyRow[],
): Result<Record<string, unknown>> {
  const properties = propertiesOf(rows);
  if (!properties.ok) return properties;
  const old = fieldsOf(before);
  const body: Record<string, unknown> = {};
  for (const name of Object.keys(fields) as (keyof TenantFields)[]) {
    const value = fields[name].trim();
    if (value === old[name]) continue;
    if (!value && !REMOVABLE.has(name)) return { ok: false, error: `${name} cannot be empty` };
    body[name] = value || null;
  }
  const changes = propertyChanges(before.customProperties, properties.value);
  if (Object.keys(changes).length) body.customProperties = changes;
  return { ok: true, value: body };
}
