import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ApplicationVersion } from '../../../domain/application-version';
import { BinaryStore } from '../../../infrastructure/binary.store';
import { ApplicationAccess } from '../../application-access';
import { ApplicationBinary, ListBinariesQuery } from './list-binaries.query';

@QueryHandler(ListBinariesQuery)
export class ListBinariesHandler implements IQueryHandler<ListBinariesQuery> {
  constructor(private readonly access: ApplicationAccess, private readonly binaries: BinaryStore) {}

  async execute({ id, caller }: ListBinariesQuery) {
    const application = await this.access.visible(id, caller);
    const versions = (application.applicationVersions ?? []) as ApplicationVersion[];
    const found = await Promise.all(versions.map(async (version) => ({ version, stored: await this.binaries.find(version.binaryId) })));
    return { application, binaries: found.filter((b): b is ApplicationBinary => b.stored !== undefined) };
  }
}
