import { parseRuntimeOption } from '@berth/contracts';
import { invalidOption } from '../option-errors';

/**
 * A `microservice.runtime/<applicationName>.<setting>` option (docs/hosting.md): the setting
 * must be `replicas`, `cpu` or `memory` and the value within its bounds (libs/contracts holds
 * the rules the orchestrator applies). @throws DomainError 422 naming the key.
 */
export function checkRuntimeOption(key: string, value: string): void {
  const check = parseRuntimeOption(key, value);
  if (!check.ok) throw invalidOption(key, check.problem);
}
