import { z } from 'zod';
import { baseConfigProblems } from './base-config';

/** Thrown at start-up when the environment does not satisfy an app's config schema. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Parses `env` (default `process.env`) with `schema`, then checks the rules between base variables
 * (baseConfigProblems). Every problem is reported at once, naming the variable, so an app fails at
 * start-up rather than on first use.
 * @throws ConfigError when any variable is missing or malformed.
 */
export function loadConfig<S extends z.ZodTypeAny>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  const combinations = typeof result.data === 'object' && result.data !== null ? baseConfigProblems(result.data) : [];
  if (combinations.length > 0) throw new ConfigError(combinations.map((p) => `${p.variable}: ${p.message}`));
  return result.data;
}
