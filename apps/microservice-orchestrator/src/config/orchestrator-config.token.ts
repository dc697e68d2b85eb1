/** Injection token of the orchestrator's validated config. */
export const ORCHESTRATOR_CONFIG = Symbol('ORCHESTRATOR_CONFIG');
