/** Labels on every container the orchestrator runs; it only ever lists and removes containers carrying its prefix. */
export const Labels = {
  managed: 'io.berth.managed',
  prefix: 'io.berth.prefix',
  deployment: 'io.berth.deployment',
  revision: 'io.berth.revision',
  slot: 'io.berth.slot',
  application: 'io.berth.application',
  applicationName: 'io.berth.application-name',
  version: 'io.berth.version',
  tenant: 'io.berth.tenant',
  /** The container ports it serves, comma-separated (on a network they are not published, so the engine does not list them). */
  ports: 'io.berth.ports',
} as const;
