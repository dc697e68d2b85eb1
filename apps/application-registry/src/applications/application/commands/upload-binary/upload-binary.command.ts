import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { ApplicationDocument } from '../../../domain/application';

/** A received upload in a temporary file; `discard` removes it. */
export interface ReceivedUpload { path: string; size: number; fileName?: string; contentType: string; discard(): Promise<void> }

/**
 * Uploads a binary (docs/api/applications.md): checked for the application's type, stored in GridFS, and
 * made the active version tagged `latest`. `receive` reads the request body; it is only called
 * once the caller may change the application and its type takes a binary.
 */
export class UploadBinaryCommand extends Command<ApplicationDocument> {
  constructor(readonly id: string, readonly caller: Principal, readonly receive: () => Promise<ReceivedUpload>) {
    super();
  }
}
