import type { ApplicationDocument } from '../domain/application';
import type { ApplicationBinary } from '../application/queries/list-binaries/list-binaries.query';

/**
 * `GET …/binaries` (docs/api/applications.md): `{attachments: [...]}`, one per version, with the
 * binary's id, file name, version, size, media type, upload time and the URI it downloads from.
 */
export function attachmentsResource(app: ApplicationDocument, binaries: ApplicationBinary[], baseUrl: string): Record<string, unknown> {
  const binariesUri = `${baseUrl}/application/applications/${encodeURIComponent(app._id)}/binaries`;
  return {
    attachments: binaries.map(({ version, stored }) => ({
      id: version.binaryId,
      name: stored.filename,
      version: version.version,
      length: stored.length,
      contentType: 'application/zip',
      created: version.created,
      downloadUrl: `${binariesUri}/${version.binaryId}`,
      ...(app.contextPath ? { contextPath: app.contextPath } : {}),
    })),
  };
}
