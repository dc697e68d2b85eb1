import { memoryBytes, nanoCpus } from './resource-quantities';

/**
 * Runtime options of hosted microservices, once for every app: tenant options of category
 * `microservice.runtime` of the application's owner tenant, keyed `<applicationName>.<setting>`,
 * override the active manifest's `replicas`, `resources.cpu` and `resources.memory` for that
 * application's deployments. tenant-options refuses other keys and values out of bounds; the
 * orchestrator applies them.
 */
export const RUNTIME_OPTIONS_CATEGORY = 'microservice.runtime';

export const RUNTIME_SETTINGS = ['replicas', 'cpu', 'memory'] as const;
export type RuntimeSetting = (typeof RUNTIME_SETTINGS)[number];

/**
 * Bounds of each setting: replicas as the manifest's (1–5); CPU from 10m (the engine's smallest
 * share) to 8 cores; memory from 64M (a JVM service barely starts below) to 16Gi.
 */
export const RUNTIME_BOUNDS = {
  replicas: { min: 1, max: 5 },
  cpu: { min: '10m', max: '8' },
  memory: { min: '64M', max: '16Gi' },
} as const;

/** What runtime options override in a deployment; an absent field keeps the manifest's value. */
export interface RuntimeOverrides {
  replicas?: number;
  cpu?: string;
  memory?: string;
}

/** One valid runtime option: the application it is for, the setting and its value (trimmed). */
export interface RuntimeOption {
  application: string;
  setting: RuntimeSetting;
  value: string;
}

export type RuntimeOptionCheck = { ok: true; option: RuntimeOption } | { ok: false; problem: string };

/** Checks a `microservice.runtime` option's key and value against the settings and their bounds; never throws. */
export function parseRuntimeOption(key: string, value: string): RuntimeOptionCheck {
  const named = runtimeOptionKey(key);
  if (!named) return { ok: false, problem: `not a runtime setting; use <applicationName>.${RUNTIME_SETTINGS.join(', <applicationName>.')}` };
  const { application, setting } = named;
  const text = String(value).trim();
  const problem = settingProblem(setting, text);
  return problem ? { ok: false, problem } : { ok: true, option: { application, setting, value: text } };
}

/** The application and setting a `microservice.runtime` key names, or undefined when it names none. */
export function runtimeOptionKey(key: string): Omit<RuntimeOption, 'value'> | undefined {
  const dot = key.lastIndexOf('.');
  const application = key.slice(0, Math.max(dot, 0));
  const setting = key.slice(dot + 1) as RuntimeSetting;
  return application && RUNTIME_SETTINGS.includes(setting) ? { application, setting } : undefined;
}

function settingProblem(setting: RuntimeSetting, text: string): string | undefined {
  if (setting === 'replicas') {
    const { min, max } = RUNTIME_BOUNDS.replicas;
    return /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max ? undefined : `must be a whole number from ${min} to ${max}`;
  }
  const { min, max } = RUNTIME_BOUNDS[setting];
  const amount = setting === 'cpu' ? nanoCpus : memoryBytes;
  const example = setting === 'cpu' ? 'a CPU quantity like 0.5, 1 or 500m' : 'a memory quantity like 512M or 1Gi';
  let n: number;
  try {
    n = amount(text);
  } catch {
    return `must be ${example}`;
  }
  return n >= amount(min) && n <= amount(max) ? undefined : `must be from ${min} to ${max}`;
}

/** The overrides of valid options of one application (later options of the same setting win). */
export function runtimeOverrides(options: ReadonlyArray<Pick<RuntimeOption, 'setting' | 'value'>>): RuntimeOverrides {
  const overrides: RuntimeOverrides = {};
  for (const { setting, value } of options) {
    if (setting === 'replicas') overrides.replicas = Number(value);
    else overrides[setting] = value;
  }
  return overrides;
}
