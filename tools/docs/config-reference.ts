import { z } from 'zod';
import { registryConfigSchema } from '../../apps/application-registry/src/config/application-registry.env';
import { gatewayConfigSchema } from '../../apps/gateway/src/config/gateway.env';
import { orchestratorConfigSchema } from '../../apps/microservice-orchestrator/src/config/microservice-orchestrator.env';
import { smsAdapterConfigSchema } from '../../apps/sms-adapter/src/config/sms-adapter.env';
import { subscriptionConfigSchema } from '../../apps/subscription/src/config/subscription.env';
import { tenantOptionsConfigSchema } from '../../apps/tenant-options/src/config/tenant-options.env';
import { TOOL_VARIABLES, ToolVariable } from './tool-variables';

/** The six apps' config schemas, in the order the reference lists per-app variables. */
export const APP_SCHEMAS: ReadonlyArray<{ app: string; schema: z.ZodTypeAny }> = [
  { app: 'gateway', schema: gatewayConfigSchema },
  { app: 'application-registry', schema: registryConfigSchema },
  { app: 'subscription', schema: subscriptionConfigSchema },
  { app: 'tenant-options', schema: tenantOptionsConfigSchema },
  { app: 'sms-adapter', schema: smsAdapterConfigSchema },
  { app: 'microservice-orchestrator', schema: orchestratorConfigSchema },
];

export const GENERATE_COMMAND = 'npm run docs:config';

/** What one app's schema says about one variable. */
export interface ConfigField {
  name: string;
  description?: string;
  /** The value used when the variable is unset, as the environment would spell it. */
  default?: string;
  required: boolean;
  /** Accepted values, in words: enum members, number bounds, patterns. */
  rules: string[];
}

/** The object schema inside refinements and transforms (an app schema may end with `.superRefine`). */
function objectOf(schema: z.ZodTypeAny): z.AnyZodObject {
  let s: z.ZodTypeAny = schema;
  while (s instanceof z.ZodEffects) s = s.innerType();
  if (!(s instanceof z.ZodObject)) throw new Error(`not an object schema: ${s.constructor.name}`);
  return s;
}

/** The field's description, default, whether it is required, and its rules, read through its wrappers. */
export function describeField(name: string, field: z.ZodTypeAny): ConfigField {
  const out: ConfigField = { name, required: true, rules: [] };
  let s: z.ZodTypeAny | undefined = field;
  while (s) {
    out.description ??= s.description;
    if (s instanceof z.ZodDefault) {
      out.default ??= String(s._def.defaultValue());
      out.required = false;
      s = s._def.innerType;
    } else if (s instanceof z.ZodOptional) {
      out.required = false;
      s = s._def.innerType;
    } else if (s instanceof z.ZodEffects) {
      s = s._def.schema;
    } else {
      out.rules = rulesOf(s);
      s = undefined;
    }
  }
  return out;
}

function rulesOf(s: z.ZodTypeAny): string[] {
  if (s instanceof z.ZodEnum) return [`one of ${(s.options as string[]).map((v) => `\`${v}\``).join(', ')}`];
  if (s instanceof z.ZodNumber) {
    const rules: string[] = [];
    let min: string | undefined;
    let max: string | undefined;
    for (const c of s._def.checks) {
      if (c.kind === 'int') rules.push('a whole number');
      if (c.kind === 'min') min = c.inclusive ? `${c.value}` : `above ${c.value}`;
      if (c.kind === 'max') max = `${c.value}`;
    }
    if (!rules.length) rules.push('a number');
    if (min !== undefined && max !== undefined && !min.startsWith('above')) rules.push(`${min}–${max}`);
    else {
      if (min !== undefined) rules.push(min.startsWith('above') ? min : `at least ${min}`);
      if (max !== undefined) rules.push(`at most ${max}`);
    }
    return [rules.join(', ')];
  }
  if (s instanceof z.ZodString) {
    const rules: string[] = [];
    for (const c of s._def.checks) {
      if (c.kind === 'url') rules.push('a URL');
      if (c.kind === 'min' && c.value > 1) rules.push(`at least ${c.value} characters`);
      if (c.kind === 'regex') rules.push(c.message?.replace(/^must be /, '') ?? `matching \`${c.regex.source}\``);
    }
    return rules;
  }
  return [];
}

/** Every field of an app's schema, in the schema's order. */
export function fieldsOf(schema: z.ZodTypeAny): ConfigField[] {
  return Object.entries(objectOf(schema).shape as Record<string, z.ZodTypeAny>).map(([name, field]) => describeField(name, field));
}

/** `app.VARIABLE` of every field without a description. */
export function undescribedFields(schemas = APP_SCHEMAS): string[] {
  return schemas.flatMap(({ app, schema }) => fieldsOf(schema).filter((f) => !f.description?.trim()).map((f) => `${app}.${f.name}`));
}

/** One variable across the apps that read it. */
interface Variable {
  name: string;
  apps: string[];
  fields: ConfigField[];
}

function variables(): Variable[] {
  const byName = new Map<string, Variable>();
  for (const { app, schema } of APP_SCHEMAS) {
    for (const field of fieldsOf(schema)) {
      const v = byName.get(field.name) ?? { name: field.name, apps: [], fields: [] };
      v.apps.push(app);
      v.fields.push(field);
      byName.set(field.name, v);
    }
  }
  return [...byName.values()];
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A docs page named in a description (e.g. `docs/security.md`) becomes a link relative to docs/configuration.md. */
const linkDocs = (text: string) => text.replace(/\bdocs\/([\w/.-]+?\.md)\b/g, '[$1]($1)');

/** Values that differ between apps are listed per app; equal ones once. */
function perApp(v: Variable, pick: (f: ConfigField) => string): string {
  const values = v.fields.map(pick);
  if (values.every((x) => x === values[0])) return values[0];
  return v.fields.map((f, i) => `${v.apps[i]}: ${values[i]}`).join('<br>');
}

function defaultCell(f: ConfigField): string {
  if (f.default !== undefined) return f.default === '' ? '(empty)' : `\`${f.default}\``;
  return f.required ? '**required**' : 'unset';
}

const rulesOfField = (f: ConfigField) => (f.rules.length ? `Value: ${f.rules.join('; ')}.` : '');

function row(v: Variable): string {
  const apps = v.apps.length === APP_SCHEMAS.length ? 'all' : v.apps.join(', ');
  const meaning = [perApp(v, (f) => f.description ?? ''), perApp(v, rulesOfField)].filter(Boolean).join(v.fields.length > 1 && new Set(v.fields.map((f) => f.description)).size > 1 ? '<br>' : ' ');
  return `| \`${v.name}\` | ${cell(perApp(v, defaultCell))} | ${apps} | ${cell(linkDocs(meaning))} |`;
}

function toolRow(t: ToolVariable): string {
  return `| ${t.names.map((n) => `\`${n}\``).join(', ')} | ${cell(t.default)} | ${cell(t.readBy)} | ${cell(linkDocs(t.description))} |`;
}

const HEADER = '| variable | default | read by | meaning |\n|---|---|---|---|';

/** docs/configuration.md: the apps' variables from their schemas, then the scripts' variables. */
export function renderConfigReference(): string {
  const all = variables();
  const shared = all.filter((v) => v.apps.length === APP_SCHEMAS.length);
  const several = all.filter((v) => v.apps.length > 1 && v.apps.length < APP_SCHEMAS.length);
  const perAppSections = APP_SCHEMAS.map(({ app }) => {
    const own = all.filter((v) => v.apps.length === 1 && v.apps[0] === app);
    return own.length ? [`### ${app}`, '', HEADER, ...own.map(row), ''] : [];
  }).flat();
  return [
    '# Configuration reference',
    '',
    `Generated by \`${GENERATE_COMMAND}\` (\`tools/docs/config-reference.ts\`) from the apps' config schemas:`,
    'each field\'s `.describe(…)` is its meaning below. Edit the schema, not this page.',
    '',
    'Each app reads its settings from environment variables only. At start-up it validates them',
    'against its schema and, when any is missing or malformed, exits naming every bad variable at',
    'once. The local scripts (`tools/berth`, behind `npm start`, `npm test` and the benchmarks) fill',
    'in the environment before they start the apps: `berth.env` at the repository root (git-ignored;',
    '`KEY=value` lines) sets what the environment does not, `.local/infra.env` (written by',
    '`npm run infra`) points the apps at the local Kafka, FerretDB, Redis and Podman, and the',
    'secrets come from the environment or from `.local/secrets` (generated at the first start).',
    '',
    '"Read by" names the apps whose schema has the variable; a default given per app applies to that',
    'app. Variables without a default marked **required** must be set.',
    '',
    '## Every app',
    '',
    HEADER,
    ...shared.map(row),
    '',
    '## Several apps',
    '',
    HEADER,
    ...several.map(row),
    '',
    '## One app',
    '',
    ...perAppSections,
    '## Scripts',
    '',
    'Read by the scripts under `tools/`, not by the apps (listed in `tools/docs/tool-variables.ts`).',
    'Hosted microservices get variables of their own from the orchestrator: see',
    '[microservices.md](microservices.md).',
    '',
    HEADER,
    ...TOOL_VARIABLES.map(toolRow),
    '',
  ].join('\n');
}
