import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { forbidden } from '@berth/auth';
import { DomainError, serviceUnavailable } from '@berth/http';
import { mayChange } from '../../../domain/application-rules';
import { BootstrapUserStore } from '../../../infrastructure/bootstrap-user.store';
import { ApplicationAccess } from '../../application-access';
import { BootstrapUser, GetBootstrapUserQuery } from './get-bootstrap-user.query';

@QueryHandler(GetBootstrapUserQuery)
export class GetBootstrapUserHandler implements IQueryHandler<GetBootstrapUserQuery> {
  constructor(private readonly access: ApplicationAccess, private readonly users: BootstrapUserStore) {}

  async execute({ id, caller }: GetBootstrapUserQuery): Promise<BootstrapUser> {
    const app = await this.access.visible(id, caller);
    if (!mayChange(app, caller.tenant)) throw forbidden(`Only the owner tenant ${app.owner} may read the bootstrap user of application ${id}`);
    if (app.type !== 'MICROSERVICE') throw new DomainError('applications', 'Bad Request', `Application ${app.name} is of type ${app.type}; only a MICROSERVICE has a bootstrap user`);
    const user = await this.users.open(app);
    if (!user) {
      throw serviceUnavailable(`The bootstrap user of application ${app.name} is being created; try again in a moment`, 1, 'applications');
    }
    return user;
  }
}
