import { Command } from '@nestjs/cqrs';

export interface SeedKnownApplicationsResult { created: string[]; skipped: boolean }

/** At first start: registers the known applications (KNOWN_APPLICATIONS), owned by the management tenant, as MARKET. */
export class SeedKnownApplicationsCommand extends Command<SeedKnownApplicationsResult> {
  constructor(readonly managementTenant: string) {
    super();
  }
}
