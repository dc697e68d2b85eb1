import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { BootstrapAccess, InternalOnly, Public, Roles } from './decorators';
import { Principal, PRINCIPAL_HEADER } from './principal';
import { signPrincipal } from './principal-token';
import { PrincipalGuard } from './principal.guard';

const KEY = 'internal-key-for-tests';

class Routes {
  @Public() health() {}
  @Roles('ROLE_X_ADMIN', 'ROLE_X_ADMIN_OLD') write() {}
  plain() {}
  @BootstrapAccess() current() {}
  @InternalOnly() verify() {}
}

function context(handler: keyof Routes, principal?: Principal | string) {
  const request: any = { headers: {} };
  if (principal) request.headers[PRINCIPAL_HEADER] = typeof principal === 'string' ? principal : signPrincipal(principal, KEY);
  const ctx = {
    getHandler: () => Routes.prototype[handler], getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  return { ctx, request };
}

const user = (roles: string[], kind: Principal['kind'] = 'user'): Principal => ({ tenant: 't1', user: 'u', roles, kind });
const guard = new PrincipalGuard(new Reflector(), KEY);
const code = (fn: () => unknown) => { try { fn(); return 'allowed'; } catch (e: any) { return e.code; } };

describe('PrincipalGuard', () => {
  it('lets public routes through without a principal', () => {
    expect(code(() => guard.canActivate(context('health').ctx))).toBe('allowed');
  });

  it('answers 401 without a principal, or with one not signed by the gateway', () => {
    expect(code(() => guard.canActivate(context('plain').ctx))).toBe('security/Unauthorized');
    expect(code(() => guard.canActivate(context('plain', signPrincipal(user([]), 'forged')).ctx))).toBe('security/Unauthorized');
  });

  it('puts the verified principal on the request', () => {
    const { ctx, request } = context('plain', user(['ROLE_A']));
    guard.canActivate(ctx);
    expect(request.principal).toEqual(user(['ROLE_A']));
  });

  it('checks roles: any one of the listed spellings grants, none gives 403', () => {
    expect(code(() => guard.canActivate(context('write', user(['ROLE_X_ADMIN_OLD'])).ctx))).toBe('allowed');
    expect(code(() => guard.canActivate(context('write', user(['ROLE_X_READ'])).ctx))).toBe('security/Forbidden');
  });

  it('keeps bootstrap users to their routes and internal routes to other apps', () => {
    expect(code(() => guard.canActivate(context('plain', user([], 'bootstrap')).ctx))).toBe('security/Forbidden');
    expect(code(() => guard.canActivate(context('current', user([], 'bootstrap')).ctx))).toBe('allowed');
    expect(code(() => guard.canActivate(context('verify', user(['ROLE_X_ADMIN'])).ctx))).toBe('security/Forbidden');
    expect(code(() => guard.canActivate(context('verify', user([], 'internal')).ctx))).toBe('allowed');
  });
});
