import { stringList } from '@berth/contracts';
import type { ApplicationDocument } from './application';

/** A microservice's roles as they are now: what its subscribers' service users may get, and what its manifest defines. */
export interface MicroserviceRoles { requiredRoles: string[]; roles: string[] }

/**
 * The roles of a microservice's service users: the application's own `requiredRoles` when it
 * names some, else the active manifest's; and the `roles` the active manifest defines.
 */
export function microserviceRoles(app: ApplicationDocument): MicroserviceRoles {
  const manifest = (app.manifest ?? {}) as Record<string, unknown>;
  const top = stringList(app.requiredRoles);
  return {
    requiredRoles: top?.length ? top : stringList(manifest.requiredRoles) ?? top ?? [],
    roles: stringList(manifest.roles) ?? [],
  };
}
