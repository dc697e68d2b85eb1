import { z } from 'zod';

/** SemVer 2.0.0 (semver.org's regular expression). */
export const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;
/** A microservice name: lowercase letters, digits and `-`, at most 23 characters (docs/microservices.md). */
export const MICROSERVICE_NAME = /^[a-z0-9]([a-z0-9-]{0,21}[a-z0-9])?$/;
export const DEFAULT_RESOURCES = { cpu: '0.5', memory: '512M' };

const cpu = z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^\d+(\.\d+)?m?$/, 'must be a CPU quantity like 0.5, 1 or 500m'));
const memory = z.string().regex(/^\d+(\.\d+)?(E|P|T|G|M|K|Ei|Pi|Ti|Gi|Mi|Ki)?$/, 'must be a memory quantity like 512M or 1Gi');
const resources = z.object({ cpu: cpu.optional(), memory: memory.optional() }).passthrough();
const port = z.number().int().min(1).max(65535);
const seconds = z.number().int().min(0);
const handlers = ['httpGet', 'tcpSocket', 'exec'] as const;
const probe = z.object({
  httpGet: z.object({ path: z.string().startsWith('/', 'must start with /'), port, scheme: z.enum(['HTTP', 'HTTPS']).optional() }).passthrough().optional(),
  tcpSocket: z.object({ port }).passthrough().optional(),
  exec: z.object({ command: z.array(z.string()).min(1) }).passthrough().optional(),
  initialDelaySeconds: seconds.optional(),
  periodSeconds: seconds.min(1).optional(),
  timeoutSeconds: seconds.min(1).optional(),
  failureThreshold: seconds.min(1).optional(),
  successThreshold: seconds.min(1).optional(),
}).passthrough().superRefine((value, ctx) => {
  const given = handlers.filter((h) => value[h] !== undefined);
  if (given.length !== 1) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `needs exactly one of ${handlers.join(', ')}` });
});
const roles = z.array(z.string().min(1));

/**
 * The microservice manifest (`<brand>.json`, docs/microservices.md). Fields not listed here are kept
 * as they are; `checkManifest` refuses those that look like a misspelled known field.
 */
export const manifestSchema = z.object({
  apiVersion: z.union([z.string().min(1), z.number()]).transform(String).optional(),
  name: z.string().regex(MICROSERVICE_NAME, 'must be lowercase letters, digits and -, at most 23 characters').optional(),
  version: z.string({ required_error: 'is required' }).regex(SEMVER, 'must be a SemVer version like 1.0.0'),
  provider: z.object({ name: z.string().min(1) }).passthrough().optional(),
  isolation: z.enum(['MULTI_TENANT', 'PER_TENANT']).default('MULTI_TENANT'),
  scale: z.enum(['NONE', 'AUTO']).optional(),
  replicas: z.number().int().min(1).max(5).optional(),
  resources: resources.default(DEFAULT_RESOURCES).transform((r) => ({ ...DEFAULT_RESOURCES, ...r })),
  requestedResources: resources.optional(),
  requestResources: resources.optional(),
  livenessProbe: probe.optional(),
  readinessProbe: probe.optional(),
  settings: z.array(z.object({ key: z.string().min(1), defaultValue: z.string().optional(), editable: z.boolean().optional() }).passthrough()).optional(),
  requiredRoles: roles.default([]),
  roles: roles.default([]),
}).passthrough();

export type Manifest = z.infer<typeof manifestSchema>;

/** Fields the platform knows without checking them: kept as they are (docs/microservices.md). */
const KEPT_FIELDS = ['settingsCategory', 'contextPath', 'billingMode', 'extensions'];
/** Every field a manifest may hold without a warning. */
export const MANIFEST_FIELDS: readonly string[] = [...Object.keys(manifestSchema.shape), ...KEPT_FIELDS];
/** Names other manifest formats use for a known field, so that their misspellings point at the field too. */
const OTHER_NAMES: Record<string, string> = { providedRoles: 'roles' };

/** Edit distance of `a` and `b`: insertions, deletions, substitutions and swaps of two neighbours. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The known field an unknown `field` most likely misspells, if any: equal but for case, or a small
 * edit distance (one change for names under 8 letters, two from 8 on; a singular or plural form is one),
 * also from the other formats' names in `OTHER_NAMES`.
 */
export function likelyMeant(field: string): string | undefined {
  const typed = field.toLowerCase();
  let best: { field: string; distance: number } | undefined;
  const candidates = [...MANIFEST_FIELDS.map((f) => [f, f] as const), ...Object.entries(OTHER_NAMES)];
  for (const [name, meant] of candidates) {
    const distance = editDistance(typed, name.toLowerCase());
    if (distance <= (name.length >= 8 ? 2 : 1) && (!best || distance < best.distance)) best = { field: meant, distance };
  }
  return best?.field;
}

/** The top-level fields of `raw` that are not manifest fields: the likely misspellings, and the others. */
function unknownFields(raw: unknown): { misspelled: string[]; unknown: string[] } {
  const found = { misspelled: [] as string[], unknown: [] as string[] };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return found;
  for (const field of Object.keys(raw).filter((f) => !MANIFEST_FIELDS.includes(f))) {
    const meant = likelyMeant(field);
    if (meant) found.misspelled.push(`${field}: not a manifest field; did you mean ${meant}?`);
    else found.unknown.push(`${field}: not a manifest field; kept as it is`);
  }
  return found;
}

/**
 * What a manifest check found: the manifest with defaults applied, or every violation with its field
 * path; either way the `warnings` about unknown fields that are kept.
 */
export type ManifestResult = { ok: true; manifest: Manifest; warnings: string[] } | { ok: false; problems: string[]; warnings: string[] };

/**
 * Validates a parsed manifest. A missing `name` is taken from `fallbackNames` (the application's
 * name, then the ZIP's), the first that is a valid microservice name.
 */
export function checkManifest(raw: unknown, fallbackNames: Array<string | undefined>): ManifestResult {
  const { misspelled, unknown: warnings } = unknownFields(raw);
  const parsed = manifestSchema.safeParse(raw);
  const problems = [...misspelled, ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(manifest)'}: ${i.message}`))];
  if (!parsed.success || problems.length > 0) return { ok: false, problems, warnings };
  const manifest = parsed.data;
  if (manifest.name === undefined) {
    const name = fallbackNames.find((n) => n !== undefined && MICROSERVICE_NAME.test(n));
    if (!name) return { ok: false, problems: ['name: is missing, and neither the application nor the file name is a valid microservice name'], warnings };
    manifest.name = name;
  }
  return { ok: true, manifest, warnings };
}
