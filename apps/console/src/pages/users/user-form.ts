/**
 * The user forms' rules (docs/api/tenants-users-auth.md#users): what a create sends, and the
 * partial update a PUT sends — only what changed, `null` for a profile field that was emptied.
 */
export interface UserFields { email: string; firstName: string; lastName: string; phone: string; enabled: boolean; password: string }

const PROFILE = ['email', 'firstName', 'lastName', 'phone'] as const;

export function userFieldsOf(user: Partial<Record<(typeof PROFILE)[number], string>> & { enabled?: boolean }): UserFields {
  return { email: user.email ?? '', firstName: user.firstName ?? '', lastName: user.lastName ?? '', phone: user.phone ?? '', enabled: user.enabled !== false, password: '' };
}

/** The body of `POST /user/{tenant}/users`: empty profile fields left out. */
export function newUserBody(userName: string, fields: UserFields): Record<string, unknown> {
  const body: Record<string, unknown> = { userName: userName.trim(), password: fields.password, enabled: fields.enabled };
  for (const name of PROFILE) if (fields[name].trim()) body[name] = fields[name].trim();
  return body;
}

/** The body of `PUT /user/{tenant}/users/{userName}`: changed fields; a new password only when one was typed. */
export function userUpdate(before: Parameters<typeof userFieldsOf>[0], fields: UserFields): Record<string, unknown> {
  const old = userFieldsOf(before);
  const body: Record<string, unknown> = {};
  for (const name of PROFILE) {
    const value = fields[name].trim();
    if (value !== old[name]) body[name] = value || null;
  }
  if (fields.enabled !== old.enabled) body.enabled = fields.enabled;
  if (fields.password) body.password = fields.password;
  return body;
}

/** Ids referenced by a user's or a group's `roles` (or a user's `groups`) collection. */
export function referencedIds<K extends 'role' | 'group'>(references: ReadonlyArray<Partial<Record<K, { id?: unknown }>>> | undefined, kind: K): string[] {
  return (references ?? []).map((ref) => ref[kind]?.id).filter((id): id is string | number => id !== undefined && id !== null).map(String);
}
