import { Query } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { ApplicationDocument } from '../../../domain/application';
import type { ApplicationVersion } from '../../../domain/application-version';
import type { StoredBinary } from '../../../infrastructure/binary.store';

/** One of an application's binaries: the version it belongs to and what the store holds of it. */
export interface ApplicationBinary { version: ApplicationVersion; stored: StoredBinary }

/** The binaries of an application the caller sees, oldest version first. */
export class ListBinariesQuery extends Query<{ application: ApplicationDocument; binaries: ApplicationBinary[] }> {
  constructor(readonly id: string, readonly caller: Principal) {
    super();
  }
}
