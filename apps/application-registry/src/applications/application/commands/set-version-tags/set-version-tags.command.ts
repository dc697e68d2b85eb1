import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { ApplicationVersion } from '../../../domain/application-version';

/** Replaces a version's tags (`{tags: [...]}`); a tag moves from any other version to this one. */
export class SetVersionTagsCommand extends Command<ApplicationVersion> {
  constructor(readonly id: string, readonly version: string, readonly body: unknown, readonly caller: Principal) {
    super();
  }
}
