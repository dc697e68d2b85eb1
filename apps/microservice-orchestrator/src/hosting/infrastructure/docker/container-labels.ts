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
} as const;
