import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Filter } from 'mongodb';
import { DomainError } from '@berth/http';
import { isDuplicateKey } from '@berth/messaging';
import { ApplicationDocument } from '../../../domain/application';
import { ApplicationVersion, LATEST } from '../../../domain/application-version';
import { CLONE_RENAMED, cloneNames, firstFreeClone } from '../../../domain/clone-naming';
import { checkReservedNames } from '../../../domain/reserved-names';
import type { RegistryConfig } from '../../../../config/application-registry.env';
import { REGISTRY_CONFIG } from '../../../../config/registry-config.token';
import { ApplicationRepository, newApplicationId } from '../../../infrastructure/application.repository';
import { BinaryStore } from '../../../infrastructure/binary.store';
import { ApplicationAccess } from '../../application-access';
import { ApplicationEvents } from '../../application-events';
import { CloneApplicationCommand } from './clone-application.command';

const WINDOW = 20;
const ATTEMPTS = 5;
/** Not copied: the store's fields, the bootstrap user, and versions (a hosted source's active version is copied with its binary). */
const NOT_COPIED = ['_id', '_outbox', '_inbox', 'owner', 'applicationVersions', 'activeVersionId', 'bootstrapUser'];

@CommandHandler(CloneApplicationCommand)
export class CloneApplicationHandler implements ICommandHandler<CloneApplicationCommand> {
  constructor(
    private readonly access: ApplicationAccess,
    private readonly repository: ApplicationRepository,
    private readonly events: ApplicationEvents,
    private readonly binaries: BinaryStore,
    @Inject(REGISTRY_CONFIG) private readonly config: RegistryConfig,
  ) {}

  async execute({ id, caller }: CloneApplicationCommand): Promise<ApplicationDocument> {
    const source = await this.access.visible(id, caller);
    const copy = Object.fromEntries(Object.entries(source).filter(([field]) => !NOT_COPIED.includes(field)));
    const stored = this.events.stores();
    const version = stored ? await this.copyActiveVersion(source, caller.tenant) : undefined;
    if (version) Object.assign(copy, { applicationVersions: [version], activeVersionId: version.binaryId });
    try {
      return await this.insertCopy(source, copy, caller.tenant);
    } catch (err) {
      if (version) await this.binaries.delete(version.binaryId);
      throw err;
    }
  }

  /** A hosted source's active version, with identical content, becomes the copy's only version. */
  private async copyActiveVersion(source: ApplicationDocument, tenant: string): Promise<ApplicationVersion | undefined> {
    if (source.type !== 'HOSTED' || !source.activeVersionId) return undefined;
    const active = ((source.applicationVersions ?? []) as ApplicationVersion[]).find((v) => v.binaryId === source.activeVersionId);
    if (!active) return undefined;
    const binaryId = await this.binaries.copy(active.binaryId, { applicationId: '', tenant, version: active.version, contentType: 'application/zip' });
    return { ...active, binaryId, tags: [LATEST], created: new Date().toISOString() };
  }

  private async insertCopy(source: ApplicationDocument, copy: Record<string, unknown>, tenant: string): Promise<ApplicationDocument> {
    let from = 0;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const n = await this.freeAttempt(source, from);
      const app = { ...copy, ...cloneNames(source, n), _id: newApplicationId(), owner: tenant, _version: 1 } as ApplicationDocument;
      checkReservedNames(app, this.config.BERTH_MANAGEMENT_TENANT);
      if (!this.events.stores()) {
        await this.events.publishNow([this.events.created(app)]);
        return app;
      }
      try {
        await this.repository.insert(app, [this.events.created(app)]);
        return app;
      } catch (err) {
        if (!(err instanceof DomainError && err.kind === 'Duplicate') && !isDuplicateKey(err)) throw err;
        from = n + 1;
      }
    }
    throw new DomainError('applications', 'Duplicate', `No free clone name for application ${source.name}; try again`);
  }

  private async freeAttempt(source: ApplicationDocument, from: number): Promise<number> {
    for (let start = from; ; start += WINDOW) {
      const candidates = Array.from({ length: WINDOW }, (_, i) => cloneNames(source, start + i));
      const or = CLONE_RENAMED.filter((f) => source[f] !== undefined).map((f) => ({ [f]: { $in: candidates.map((c) => c[f]) } }));
      const clashes = await this.repository.collection.find({ $or: or } as Filter<ApplicationDocument>, { projection: { name: 1, key: 1, contextPath: 1 } }).toArray();
      const taken = { name: new Set<string>(), key: new Set<string>(), contextPath: new Set<string>() };
      for (const c of clashes) for (const f of CLONE_RENAMED) if (typeof c[f] === 'string') taken[f].add(c[f]);
      const n = firstFreeClone(source, taken, start, WINDOW);
      if (n !== undefined) return n;
    }
  }
}
