import { Query } from '@nestjs/cqrs';
import type { Readable } from 'node:stream';
import type { Principal } from '@berth/auth';

/** The content of one of an application's binaries, as a stream; 404 unless it is one of its versions. */
export class GetBinaryQuery extends Query<{ fileName: string; length: number; content: Readable }> {
  constructor(readonly id: string, readonly binaryId: string, readonly caller: Principal) {
    super();
  }
}
