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
 * The microservice manifest (`<brand>.json`, docs/microservices.md). Fields not listed (`settingsCategory`, `billingMode`, `extensions`, …) are kept.
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

/** What a manifest check found: the manifest with defaults applied, or every violation with its field path. */
export type ManifestResult = { ok: true; manifest: Manifest } | { ok: false; problems: string[] };

/**
 * Validates a parsed manifest. A missing `name` is taken from `fallbackNames` (the application's
 * name, then the ZIP's), the first that is a valid microservice name.
 */
export function checkManifest(raw: unknown, fallbackNames: Array<string | undefined>): ManifestResult {
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(manifest)'}: ${i.message}`) };
  }
  const manifest = parsed.data;
  if (manifest.name === undefined) {
    const name = fallbackNames.find((n) => n !== undefined && MICROSERVICE_NAME.test(n));
    if (!name) return { ok: false, problems: ['name: is missing, and neither the application nor the file name is a valid microservice name'] };
    manifest.name = name;
  }
  return { ok: true, manifest };
}
