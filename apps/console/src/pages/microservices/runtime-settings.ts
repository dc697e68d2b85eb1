/**
 * A microservice's runtime settings (docs/hosting.md, resources and replicas): the active
 * manifest's `replicas`, `resources.cpu` and `resources.memory`, which the owner tenant overrides
 * with tenant options of category `microservice.runtime` keyed `<applicationName>.<setting>`.
 */
export const RUNTIME_CATEGORY = 'microservice.runtime';
/** Writing tenant options needs this role (docs/api/options.md). */
export const OPTION_ADMIN_ROLE = 'ROLE_OPTION_MANAGEMENT_ADMIN';

export type RuntimeSetting = 'replicas' | 'cpu' | 'memory';

export interface RuntimeManifest { replicas?: number; resources?: { cpu?: string; memory?: string }; isolation?: string }

/** The manifest's isolation (docs/microservices.md): no option overrides it, only a new version changes it. */
export function isolationOf(manifest: RuntimeManifest | undefined): string {
  return manifest?.isolation ?? 'MULTI_TENANT';
}

export interface RuntimeRow {
  setting: RuntimeSetting;
  label: string;
  /** The tenant option's key. */
  key: string;
  /** What the manifest says, or the platform's default. */
  manifestValue: string;
  /** The owner tenant's option, when set. */
  optionValue?: string;
  /** What the containers run with. */
  effective: string;
  /** The values the platform accepts. */
  bounds: string;
}

const SETTINGS: ReadonlyArray<{ setting: RuntimeSetting; label: string; bounds: string; manifest(m: RuntimeManifest): string }> = [
  { setting: 'replicas', label: 'Replicas', bounds: 'a whole number from 1 to 5', manifest: (m) => String(m.replicas ?? 1) },
  { setting: 'cpu', label: 'CPU limit', bounds: 'from 10m to 8 cores, e.g. 0.5, 1 or 500m', manifest: (m) => m.resources?.cpu ?? '0.5' },
  { setting: 'memory', label: 'Memory limit', bounds: 'from 64M to 16Gi, e.g. 512M or 1Gi', manifest: (m) => m.resources?.memory ?? '512M' },
];

/** The settings of application `name`, from its manifest and the owner tenant's `microservice.runtime` options (a key → value map). */
export function runtimeRows(name: string, manifest: RuntimeManifest | undefined, options: Readonly<Record<string, string>>): RuntimeRow[] {
  return SETTINGS.map(({ setting, label, bounds, manifest: fromManifest }) => {
    const key = `${name}.${setting}`;
    const manifestValue = fromManifest(manifest ?? {});
    const optionValue = options[key];
    return { setting, label, key, manifestValue, ...(optionValue !== undefined ? { optionValue } : {}), effective: optionValue ?? manifestValue, bounds };
  });
}

/** One write: set the option to `value`, or delete it (back to the manifest's value) when `value` is absent. */
export interface RuntimeChange { key: string; value?: string }

/** The writes that make the options what the form holds: an emptied field deletes its option; unchanged fields write nothing. */
export function runtimeChanges(rows: readonly RuntimeRow[], inputs: Readonly<Partial<Record<RuntimeSetting, string>>>): RuntimeChange[] {
  const changes: RuntimeChange[] = [];
  for (const row of rows) {
    const input = (inputs[row.setting] ?? row.optionValue ?? '').trim();
    if (input === (row.optionValue ?? '')) continue;
    changes.push(input ? { key: row.key, value: input } : { key: row.key });
  }
  return changes;
}

/** Why the signed-in user cannot change the settings, or undefined when they can. */
export function readOnlyReason(ownerTenant: string | undefined, tenant: string, roles: ReadonlySet<string>): string | undefined {
  if (ownerTenant && ownerTenant !== tenant) {
    return `Only the owner tenant (${ownerTenant}) sets the runtime options of this microservice; shown are the manifest's values.`;
  }
  if (!roles.has(OPTION_ADMIN_ROLE)) return `Changing runtime options needs the role ${OPTION_ADMIN_ROLE}.`;
  return undefined;
}

/** The path of one runtime option (`/tenant/options/{category}/{key}`). */
export function optionPath(key: string): string {
  return `/tenant/options/${encodeURIComponent(RUNTIME_CATEGORY)}/${encodeURIComponent(key)}`;
}
