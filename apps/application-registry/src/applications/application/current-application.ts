import { Injectable } from '@nestjs/common';
import { forbidden, Principal } from '@berth/auth';
import { DomainError } from '@berth/http';
import { ApplicationDocument } from '../domain/application';
import { applicationNameOf } from '../domain/bootstrap-user';
import { ApplicationRepository } from '../infrastructure/application.repository';

/**
 * The calling microservice's application (`/application/currentApplication`): only a bootstrap user
 * `servicebootstrap_<name>` may ask (403 otherwise), and it gets the MICROSERVICE of that name
 * its tenant owns (404 when there is none).
 */
@Injectable()
export class CurrentApplication {
  constructor(private readonly repository: ApplicationRepository) {}

  async of(caller: Principal): Promise<ApplicationDocument> {
    const name = caller.kind === 'bootstrap' ? applicationNameOf(caller.user) : undefined;
    if (!name) throw forbidden('Only a microservice\'s bootstrap user has a current application');
    const app = await this.repository.collection.findOne({ name });
    if (!app || app.owner !== caller.tenant || app.type !== 'MICROSERVICE') {
      throw new DomainError('applications', 'Not Found', `Application ${name} does not exist in tenant ${caller.tenant}`);
    }
    return app;
  }
}
