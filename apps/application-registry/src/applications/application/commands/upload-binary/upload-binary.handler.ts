import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@berth/http';
import type { RegistryConfig } from '../../../../config/application-registry.env';
import { REGISTRY_CONFIG } from '../../../../config/registry-config.token';
import { ApplicationDocument } from '../../../domain/application';
import { activation, addVersion, ApplicationVersion, generatedVersion } from '../../../domain/application-version';
import { ArchiveError } from '../../../infrastructure/archive/zip-archive';
import { validateBinary } from '../../../infrastructure/archive/binary-validator';
import { checkReservedNames } from '../../../domain/reserved-names';
import { ApplicationRepository } from '../../../infrastructure/application.repository';
import { BinaryStore } from '../../../infrastructure/binary.store';
import { ApplicationAccess } from '../../application-access';
import { ApplicationEvents } from '../../application-events';
import { UploadBinaryCommand } from './upload-binary.command';

const TAKES_BINARY = ['MICROSERVICE', 'HOSTED', 'APAMA_CEP_RULE'];

/**
 * The upload is validated from its temporary file (random access for the ZIP's central
 * directory), then streamed into GridFS; a refused upload is never stored. Processing modes do
 * not apply: a binary is always stored.
 */
@CommandHandler(UploadBinaryCommand)
export class UploadBinaryHandler implements ICommandHandler<UploadBinaryCommand> {
  constructor(
    private readonly access: ApplicationAccess,
    private readonly repository: ApplicationRepository,
    private readonly binaries: BinaryStore,
    private readonly events: ApplicationEvents,
    @Inject(REGISTRY_CONFIG) private readonly config: RegistryConfig,
  ) {}

  async execute({ id, caller, receive }: UploadBinaryCommand): Promise<ApplicationDocument> {
    const app = await this.access.changeable(id, caller);
    if (!TAKES_BINARY.includes(app.type)) {
      throw new DomainError('applications', 'Unprocessable Entity', `An application of type ${app.type} takes no binary`);
    }
    const upload = await receive();
    try {
      const checked = await validateBinary(upload.path, {
        type: app.type, brand: this.config.BERTH_BRAND, applicationName: app.name, fileName: upload.fileName,
        limits: {
          maxEntries: this.config.BERTH_UPLOAD_MAX_ENTRIES, maxUnpackedBytes: this.config.BERTH_UPLOAD_MAX_UNPACKED_BYTES,
          maxCompressionRatio: this.config.BERTH_UPLOAD_MAX_COMPRESSION_RATIO,
        },
      }).catch((err: unknown) => {
        throw err instanceof ArchiveError ? new DomainError('applications', 'Unprocessable Entity', `Invalid binary: ${err.message}`) : err;
      });
      if (checked.manifest) checkReservedNames({ ...app, manifest: checked.manifest }, this.config.BERTH_MANAGEMENT_TENANT);
      const version = checked.version ?? generatedVersion();
      const binaryId = await this.binaries.putFile(upload.path, upload.fileName ?? `${app.name}.zip`, {
        applicationId: app._id, tenant: app.owner, version, contentType: upload.contentType,
      });
      return await this.activate(app, { version, binaryId, created: new Date().toISOString(), ...(checked.manifest ? { manifest: checked.manifest } : {}) });
    } finally {
      await upload.discard();
    }
  }

  private async activate(app: ApplicationDocument, added: Omit<ApplicationVersion, 'tags'>): Promise<ApplicationDocument> {
    const { versions, replaced } = addVersion((app.applicationVersions ?? []) as ApplicationVersion[], added);
    const active = versions[versions.length - 1];
    const set = { applicationVersions: versions, ...activation(app.type, active) };
    const next = { ...app, ...set, _version: app._version + 1 } as ApplicationDocument;
    try {
      await this.repository.update(app, { $set: set }, [this.events.versionActivated(next, active, 'upload')]);
    } catch (err) {
      await this.binaries.delete(added.binaryId);
      throw err;
    }
    if (replaced) await this.binaries.delete(replaced.binaryId);
    return next;
  }
}
