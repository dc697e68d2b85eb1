import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { DomainError } from '@berth/http';
import { isDuplicateKey } from '@berth/messaging';
import { KNOWN_APPLICATIONS, knownApplicationDocument } from '../../../domain/known-applications';
import { ApplicationRepository } from '../../../infrastructure/application.repository';
import { ApplicationEvents } from '../../application-events';
import { SeedKnownApplicationsCommand, SeedKnownApplicationsResult } from './seed-known-applications.command';

const MARKER = 'known-applications-v1';

/**
 * Idempotent across restarts and replicas: fixed ids make a second insert a duplicate, and a
 * marker records that seeding finished, so a known application deleted later stays deleted.
 */
@CommandHandler(SeedKnownApplicationsCommand)
export class SeedKnownApplicationsHandler implements ICommandHandler<SeedKnownApplicationsCommand> {
  constructor(
    private readonly repository: ApplicationRepository,
    private readonly events: ApplicationEvents,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  async execute({ managementTenant }: SeedKnownApplicationsCommand): Promise<SeedKnownApplicationsResult> {
    const seeds = this.connection.db!.collection<{ _id: string; at: Date }>('seeds');
    if (await seeds.findOne({ _id: MARKER })) return { created: [], skipped: true };
    const created: string[] = [];
    for (const known of KNOWN_APPLICATIONS) {
      const app = knownApplicationDocument(known, managementTenant);
      try {
        await this.repository.insert(app, [this.events.created(app)]);
        created.push(app.name);
      } catch (err) {
        if (!(err instanceof DomainError && err.kind === 'Duplicate') && !isDuplicateKey(err)) throw err;
      }
    }
    await seeds.updateOne({ _id: MARKER }, { $setOnInsert: { at: new Date() } }, { upsert: true });
    return { created, skipped: false };
  }
}
