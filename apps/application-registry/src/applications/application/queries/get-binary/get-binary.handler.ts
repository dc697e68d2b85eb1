import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DomainError } from '@berth/http';
import type { ApplicationVersion } from '../../../domain/application-version';
import { BinaryStore } from '../../../infrastructure/binary.store';
import { ApplicationAccess } from '../../application-access';
import { GetBinaryQuery } from './get-binary.query';

@QueryHandler(GetBinaryQuery)
export class GetBinaryHandler implements IQueryHandler<GetBinaryQuery> {
  constructor(private readonly access: ApplicationAccess, private readonly binaries: BinaryStore) {}

  async execute({ id, binaryId, caller }: GetBinaryQuery) {
    const app = await this.access.visible(id, caller);
    const known = ((app.applicationVersions ?? []) as ApplicationVersion[]).some((v) => v.binaryId === binaryId);
    const stored = known ? await this.binaries.find(binaryId) : undefined;
    if (!stored) throw new DomainError('applications', 'Not Found', `Application ${id} has no binary ${binaryId}`);
    return { fileName: stored.filename, length: stored.length, content: this.binaries.open(binaryId) };
  }
}
