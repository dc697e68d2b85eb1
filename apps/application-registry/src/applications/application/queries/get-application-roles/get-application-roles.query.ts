import { Query } from '@nestjs/cqrs';
import type { MicroserviceRoles } from '../../../domain/microservice-roles';

/**
 * A microservice's roles as the registry holds them now, for another app that must not rely on
 * its projection (the subscription app records what a subscribing tenant accepts): 404 for an
 * application that does not exist, none for one that is not a MICROSERVICE.
 */
export class GetApplicationRolesQuery extends Query<MicroserviceRoles> {
  constructor(readonly id: string) {
    super();
  }
}
