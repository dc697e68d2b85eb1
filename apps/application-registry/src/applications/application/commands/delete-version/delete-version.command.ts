import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { VersionSelector } from '../../../domain/application-version';

/**
 * Deletes a version chosen by `version`, `tag` or `binaryId`, and its binary; never the active one
 * nor `latest` (`DELETE …/versions` and `DELETE …/binaries/{binaryId}`).
 */
export class DeleteVersionCommand extends Command<void> {
  constructor(readonly id: string, readonly selector: VersionSelector, readonly caller: Principal) {
    super();
  }
}
