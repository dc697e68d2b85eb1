import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { Principal } from './principal';

export const PUBLIC_KEY = 'berth:public';
export const ROLES_KEY = 'berth:roles';
export const BOOTSTRAP_KEY = 'berth:bootstrap';
export const INTERNAL_KEY = 'berth:internal';

/** The route needs no principal (e.g. the internal `/health`). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/**
 * The caller needs at least one of these roles (403 otherwise). Pass every spelling the
 * interface uses, e.g. both `…MANAGEMENT…` and `…MANAGMENT…`.
 */
export const Roles = (...anyOf: string[]) => SetMetadata(ROLES_KEY, anyOf);

/** A microservice's bootstrap user may call this route; every other route refuses it with 403. */
export const BootstrapAccess = () => SetMetadata(BOOTSTRAP_KEY, true);

/** Only another Berth app (principal kind `internal`) may call this route. */
export const InternalOnly = () => SetMetadata(INTERNAL_KEY, true);

/** The request's verified principal; routes marked `@Public()` get undefined. */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): Principal | undefined => ctx.switchToHttp().getRequest().principal,
);
