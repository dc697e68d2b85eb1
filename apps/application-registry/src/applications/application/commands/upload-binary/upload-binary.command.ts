import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';
import type { ApplicationDocument } from '../../../domain/application';
import type { ApplicationVersion } from '../../../domain/application-version';

/**
 * A received upload in a temporary file; `discard` removes it. `versionPart` is the request's
 * `applicationVersion` part (JSON text or parsed), when it has one.
 */
export interface ReceivedUpload { path: string; size: number; fileName?: string; contentType: string; versionPart?: unknown; discard(): Promise<void> }

/** The application after the upload, and the version the upload became. */
export interface UploadResult { application: ApplicationDocument; version: ApplicationVersion }

/**
 * Uploads a binary (docs/api/applications.md): checked for the application's type and stored in GridFS.
 * - `as: 'upload'` (`POST …/binaries`): the manifest names the version; it replaces a version of that
 *   name and becomes the active version tagged `latest`.
 * - `as: 'version'` (`POST …/versions`): the `applicationVersion` part names the version (else the
 *   manifest does) and gives its tags; an existing version or a tag on another version is a 409, and
 *   it becomes active only when the application has no active version.
 * `receive` reads the request body; it is only called once the caller may change the application
 * and its type takes a binary.
 */
export class UploadBinaryCommand extends Command<UploadResult> {
  constructor(readonly id: string, readonly caller: Principal, readonly receive: () => Promise<ReceivedUpload>, readonly as: 'upload' | 'version' = 'upload') {
    super();
  }
}
