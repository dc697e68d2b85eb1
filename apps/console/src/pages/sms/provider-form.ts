/**
 * The SMS provider form's model: the fields come from the provider definitions the platform
 * answers (`GET /service/messaging/providers/definitions`, each with a JSON schema of its settings,
 * secrets marked `writeOnly`), and the form's values become the body of
 * `PUT /service/messaging/providers/configuration` (docs/api/sms.md#the-tenants-provider).
 */

export interface SettingSchema {
  type?: string | string[];
  enum?: unknown[];
  writeOnly?: boolean;
  format?: string;
  title?: string;
  description?: string;
  default?: unknown;
}

export interface ProviderDefinition {
  id: string;
  displayName?: string;
  settingsSchema?: { properties?: Record<string, SettingSchema>; required?: string[] };
}

/** The tenant's configuration as the platform answers it: secrets only as `true` under `secrets`. */
export interface ProviderConfiguration {
  provider: string | null;
  senderAddress?: string | null;
  senderName?: string | null;
  settings?: Record<string, string>;
  secrets?: Record<string, boolean>;
}

export type FieldKind = 'text' | 'number' | 'secret' | 'select' | 'boolean';

export interface FormField {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  /** The choices of a `select`. */
  choices?: string[];
  description?: string;
}

export type FormValues = Record<string, string | boolean>;

/** The form's fields for one provider, in the order its schema lists them. */
export function fieldsOf(definition: ProviderDefinition): FormField[] {
  const required = new Set(definition.settingsSchema?.required ?? []);
  return Object.entries(definition.settingsSchema?.properties ?? {}).map(([name, schema]) => ({
    name,
    label: schema.title || name,
    kind: kindOf(schema),
    required: required.has(name),
    ...(Array.isArray(schema.enum) ? { choices: schema.enum.map(String) } : {}),
    ...(schema.description ? { description: schema.description } : {}),
  }));
}

function kindOf(schema: SettingSchema): FieldKind {
  if (schema.writeOnly || schema.format === 'password') return 'secret';
  if (Array.isArray(schema.enum)) return 'select';
  const type = (Array.isArray(schema.type) ? schema.type : [schema.type]).find((t) => t && t !== 'null');
  if (type === 'boolean') return 'boolean';
  if (type === 'number' || type === 'integer') return 'number';
  return 'text';
}

/**
 * The values the form starts with: the stored settings when `configuration` is this provider's,
 * else the schema's defaults. A secret always starts empty: the platform never answers it.
 */
export function initialValues(definition: ProviderDefinition, configuration?: ProviderConfiguration): FormValues {
  const stored = configuration?.provider === definition.id ? configuration.settings ?? {} : {};
  const properties = definition.settingsSchema?.properties ?? {};
  return Object.fromEntries(fieldsOf(definition).map((field) => {
    if (field.kind === 'secret') return [field.name, ''];
    const value: unknown = stored[field.name] ?? properties[field.name].default;
    if (field.kind === 'boolean') return [field.name, value === true || value === 'true'];
    if (field.kind === 'select') return [field.name, value === undefined ? field.choices?.[0] ?? '' : String(value)];
    return [field.name, value === undefined ? '' : String(value)];
  }));
}

/** Whether the platform keeps a secret of this provider for the tenant (an empty field then keeps it). */
export function secretIsStored(definition: ProviderDefinition, configuration: ProviderConfiguration | undefined, name: string): boolean {
  return configuration?.provider === definition.id && configuration.secrets?.[name] === true;
}

export interface SenderFields { senderAddress: string; senderName: string }

/**
 * The PUT body for the form, or the problems to fix first. Every setting goes as a string (the
 * platform stores options as strings); an empty field is left out, so a stored secret left empty
 * is kept, and a required field must be filled unless it is a stored secret.
 */
export function configurationBody(
  definition: ProviderDefinition, values: FormValues, sender: SenderFields, configuration?: ProviderConfiguration,
): { body: { provider: string; senderAddress?: string; senderName?: string; settings: Record<string, string> } } | { problems: string[] } {
  const problems: string[] = [];
  const settings: Record<string, string> = {};
  for (const field of fieldsOf(definition)) {
    const raw = values[field.name];
    const text = typeof raw === 'boolean' ? String(raw) : field.kind === 'secret' ? raw ?? '' : (raw ?? '').trim();
    if (text === '') {
      if (field.required && !(field.kind === 'secret' && secretIsStored(definition, configuration, field.name))) problems.push(`${field.label} is required.`);
      continue;
    }
    if (field.kind === 'number' && !Number.isFinite(Number(text))) problems.push(`${field.label} must be a number.`);
    settings[field.name] = text;
  }
  const senderAddress = sender.senderAddress.trim() ? telAddress(sender.senderAddress) : undefined;
  if (senderAddress === null) problems.push('Sender address must be an international number such as +4915112345678.');
  if (problems.length > 0) return { problems };
  const senderName = sender.senderName.trim();
  return { body: { provider: definition.id, ...(senderAddress ? { senderAddress } : {}), ...(senderName ? { senderName } : {}), settings } };
}

/**
 * A phone number as the SMS interface takes it: a `tel:` URI with an E.164 number. Accepts
 * `+49 151 1234 5678` or `tel:+4915112345678`; null when it is no international number.
 */
export function telAddress(input: string): string | null {
  const number = input.trim().replace(/^tel:/i, '').replace(/[\s()-]/g, '');
  return /^\+[1-9][0-9]{1,14}$/.test(number) ? `tel:${number}` : null;
}

/** The values with every secret field emptied: after a save the form no longer holds what was typed. */
export function withoutSecrets(definition: ProviderDefinition, values: FormValues): FormValues {
  const secrets = new Set(fieldsOf(definition).filter((f) => f.kind === 'secret').map((f) => f.name));
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, secrets.has(name) ? '' : value]));
}
