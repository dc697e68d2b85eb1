import type { Credentials } from './credentials';

export type Isolation = 'MULTI_TENANT' | 'PER_TENANT';

/** Everything the SDK reads from the environment the platform gives a hosted container. */
export interface MicroserviceConfig {
  /** `<P>_BASEURL`: the platform, as the container reaches it (no trailing slash). */
  baseUrl: string;
  /** `<P>_BOOTSTRAP_TENANT/USER/PASSWORD`. */
  bootstrap: Credentials;
  /** `<P>_MICROSERVICE_ISOLATION`, default `MULTI_TENANT`. */
  isolation: Isolation;
  /** `<P>_BOOTSTRAP_REGISTER`: self-register with the bootstrap credentials as a registering user; default true. */
  register: boolean;
  /** `APPLICATION_NAME`, needed for self-registration. */
  applicationName?: string;
  /** `APPLICATION_KEY`, sent as `X-<Brand>-Application-Key`. */
  applicationKey?: string;
  /** `SERVER_PORT`, default 80. */
  port: number;
  /** `<P>_BOOTSTRAP_INITIALDELAY` (ms, default 1000): first subscription fetch after start. */
  initialDelayMs: number;
  /** `<P>_BOOTSTRAP_DELAY` (ms, default 10000): time between subscription fetches. */
  delayMs: number;
  /** PER_TENANT only: `<P>_TENANT/USER/PASSWORD`, the one tenant's service user. */
  tenant?: Credentials;
}

/** A configuration error naming every bad variable. */
export class ConfigError extends Error {}

const number = (name: string, raw: string | undefined, fallback: number, problems: string[]) => {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) problems.push(`${name} must be a whole number ≥ 0, not "${raw}"`);
  return value;
};

/**
 * The configuration from `env` (default `process.env`); `prefix` is the brand's variable prefix.
 * @throws ConfigError naming each variable that is missing or malformed.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env, prefix = 'C8Y'): MicroserviceConfig {
  const problems: string[] = [];
  const v = (name: string) => env[`${prefix}_${name}`];
  const baseUrl = (v('BASEURL') ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(baseUrl)) problems.push(`${prefix}_BASEURL must be an http(s) URL, not "${v('BASEURL') ?? ''}"`);
  const isolation = (v('MICROSERVICE_ISOLATION') || 'MULTI_TENANT') as Isolation;
  if (isolation !== 'MULTI_TENANT' && isolation !== 'PER_TENANT') problems.push(`${prefix}_MICROSERVICE_ISOLATION must be MULTI_TENANT or PER_TENANT, not "${isolation}"`);
  const registerRaw = (v('BOOTSTRAP_REGISTER') ?? '').toLowerCase();
  if (registerRaw && registerRaw !== 'true' && registerRaw !== 'false') problems.push(`${prefix}_BOOTSTRAP_REGISTER must be true or false, not "${registerRaw}"`);
  const config: MicroserviceConfig = {
    baseUrl,
    bootstrap: { tenant: v('BOOTSTRAP_TENANT') ?? '', user: v('BOOTSTRAP_USER') ?? '', password: v('BOOTSTRAP_PASSWORD') ?? '' },
    isolation,
    register: registerRaw !== 'false',
    applicationName: env.APPLICATION_NAME || undefined,
    applicationKey: env.APPLICATION_KEY || undefined,
    port: number('SERVER_PORT', env.SERVER_PORT, 80, problems),
    initialDelayMs: number(`${prefix}_BOOTSTRAP_INITIALDELAY`, v('BOOTSTRAP_INITIALDELAY'), 1000, problems),
    delayMs: number(`${prefix}_BOOTSTRAP_DELAY`, v('BOOTSTRAP_DELAY'), 10000, problems),
    ...(v('TENANT') && v('USER') ? { tenant: { tenant: v('TENANT')!, user: v('USER')!, password: v('PASSWORD') ?? '' } } : {}),
  };
  if (problems.length) throw new ConfigError(`invalid environment: ${problems.join('; ')}`);
  return config;
}
