import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@berth/http';
import type { OutboxMessage } from '@berth/runtime';
import type { RegistryConfig } from '../../../../config/application-registry.env';
import { REGISTRY_CONFIG } from '../../../../config/registry-config.token';
import { ApplicationDocument } from '../../../domain/application';
import { activation, addNamedVersion, addVersion, ApplicationVersion, generatedVersion, parseVersionRequest } from '../../../domain/application-version';
import { ArchiveError, uploadZipLimits } from '../../../infrastructure/archive/zip-archive';
import { validateBinary } from '../../../infrastructure/archive/binary-validator';
import { checkReservedNames } from '../../../domain/reserved-names';
import { ApplicationRepository } from '../../../infrastructure/application.repository';
import { BinaryStore } from '../../../infrastructure/binary.store';
import { ApplicationAccess } from '../../application-access';
import { ApplicationEvents } from '../../application-events';
import { UploadBinaryCommand, UploadResult } from './upload-binary.command';

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

  async execute({ id, caller, receive, as }: UploadBinaryCommand): Promise<UploadResult> {
    const app = await this.access.changeable(id, caller);
    if (!TAKES_BINARY.includes(app.type)) {
      throw new DomainError('applications', 'Unprocessable Entity', `An application of type ${app.type} takes no binary`);
    }
    const upload = await receive();
    try {
      const request = as === 'version' ? parseVersionRequest(upload.versionPart) : undefined;
      const checked = await validateBinary(upload.path, {
        type: app.type, brand: this.config.BERTH_BRAND, applicationName: app.name, fileName: upload.fileName,
        limits: uploadZipLimits(this.config),
      }).catch((err: unknown) => {
        throw err instanceof ArchiveError ? new DomainError('applications', 'Unprocessable Entity', `Invalid binary: ${err.message}`) : err;
      });
      if (checked.manifest) checkReservedNames({ ...app, manifest: checked.manifest }, this.config.BERTH_MANAGEMENT_TENANT);
      const version = request?.version ?? checked.version ?? generatedVersion();
      const added = { version, binaryId: '', created: new Date().toISOString(), ...(checked.manifest ? { manifest: checked.manifest } : {}) };
      // A named version that cannot be added is refused before its binary is stored.
      if (request) addNamedVersion(versions(app), { ...added, tags: request.tags });
      added.binaryId = await this.binaries.putFile(upload.path, upload.fileName ?? `${app.name}.zip`, {
        applicationId: app._id, tenant: app.owner, version, contentType: upload.contentType,
      });
      return request ? await this.addNamed(app, { ...added, tags: request.tags }) : await this.activate(app, added);
    } finally {
      await upload.discard();
    }
  }

  private async activate(app: ApplicationDocument, added: Omit<ApplicationVersion, 'tags'>): Promise<UploadResult> {
    const { versions: next, replaced } = addVersion(versions(app), added);
    const active = next[next.length - 1];
    const set = { applicationVersions: next, ...activation(app.type, active) };
    const application = { ...app, ...set, _version: app._version + 1 } as ApplicationDocument;
    await this.store(app, set, [this.events.versionActivated(application, active, 'upload')], added.binaryId);
    if (replaced) await this.binaries.delete(replaced.binaryId);
    return { application, version: active };
  }

  /** A named version becomes the active one only when the application has none (docs/api/applications.md). */
  private async addNamed(app: ApplicationDocument, added: ApplicationVersion): Promise<UploadResult> {
    const next = addNamedVersion(versions(app), added);
    const activates = !app.activeVersionId;
    const set = { applicationVersions: next, ...(activates ? activation(app.type, added) : {}) };
    const application = { ...app, ...set, _version: app._version + 1 } as ApplicationDocument;
    const event = activates ? this.events.versionActivated(application, added, 'upload') : this.events.updated(application, ['applicationVersions']);
    await this.store(app, set, [event], added.binaryId);
    return { application, version: added };
  }

  /** Writes the change; a write that fails removes the binary just stored. */
  private async store(app: ApplicationDocument, set: Record<string, unknown>, events: OutboxMessage[], binaryId: string): Promise<void> {
    try {
      await this.repository.update(app, { $set: set }, events);
    } catch (err) {
      await this.binaries.delete(binaryId);
      throw err;
    }
  }
}

const versions = (app: ApplicationDocument) => (app.applicationVersions ?? []) as ApplicationVersion[];
