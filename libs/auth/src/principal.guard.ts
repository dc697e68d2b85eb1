import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { forbidden, unauthorized } from './auth-errors';
import { BOOTSTRAP_KEY, INTERNAL_KEY, PUBLIC_KEY, ROLES_KEY } from './decorators';
import { PRINCIPAL_HEADER } from './principal';
import { verifyPrincipal } from './principal-token';

/**
 * The one guard of every app (registered globally by the runtime): a request without a valid
 * principal signed by the gateway gets 401; a principal without one of the route's `@Roles()`
 * gets 403, and so does a bootstrap user outside `@BootstrapAccess()` routes and anyone but
 * another app on `@InternalOnly()` routes. The principal is put on `request.principal`.
 */
@Injectable()
export class PrincipalGuard implements CanActivate {
  constructor(private readonly reflector: Reflector, private readonly internalKey: string) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    const request = context.switchToHttp().getRequest();
    const principal = verifyPrincipal(request.headers[PRINCIPAL_HEADER], this.internalKey);
    if (!principal) throw unauthorized();
    request.principal = principal;
    if (this.reflector.getAllAndOverride<boolean>(INTERNAL_KEY, targets)) {
      if (principal.kind !== 'internal') throw forbidden();
      return true;
    }
    if (principal.kind === 'bootstrap' && !this.reflector.getAllAndOverride<boolean>(BOOTSTRAP_KEY, targets)) {
      throw forbidden('The bootstrap user may only read its tenant, its user and its current application');
    }
    const anyOf = this.reflector.getAllAndOverride<string[]>(ROLES_KEY, targets);
    if (anyOf?.length && !anyOf.some((role) => principal.roles.includes(role))) {
      throw forbidden(`Access is denied: one of ${anyOf.join(', ')} is needed`);
    }
    return true;
  }
}
