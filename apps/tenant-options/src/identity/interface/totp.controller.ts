import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { CurrentPrincipal, forbidden, Principal } from '@berth/auth';
import { DomainError } from '@berth/http';
import { TENANT_OPTIONS_CONFIG } from '../../config/tenant-options.token';
import type { TenantOptionsConfig } from '../../config/tenant-options.env';
import { endSessions } from '../domain/sessions';
import { newTotpSecret, otpauthUri, TOTP_CODE, TOTP_DIGITS } from '@berth/auth';
import { UserRecord } from '../infrastructure/identity-records';
import { TfaSettingsReader } from '../infrastructure/tfa-settings';
import { TwoFactor } from '../infrastructure/two-factor';
import { UserWriter } from '../infrastructure/user-writer';
import { ApiRoute } from '@berth/openapi';

/**
 * A user's own TOTP setup (RFC 6238): `POST /user/currentUser/totpSecret` makes a new secret
 * (answered once more by `GET` until it is active), `POST …/totpSecret/verify` with `{code}`
 * proves the authenticator app has it, and `POST …/totpSecret/activity` with `{isActive}` turns
 * it on or off (`GET` reads it). A well-formed but wrong code is 403 (the real platform's
 * answer); turning TOTP on before a code was verified is 409 (the secret's state is wrong, not
 * the request). Every change is a `UserChanged(credentials)`, so gateways drop the user's
 * cached credentials and the next login asks for a code; turning TOTP on also ends the user's
 * sessions (cookies and OAI tokens issued before it are refused).
 */
@Controller('user/currentUser/totpSecret')
export class TotpController {
  constructor(
    private readonly users: UserWriter, private readonly twoFactor: TwoFactor, private readonly settings: TfaSettingsReader,
    @Inject(TENANT_OPTIONS_CONFIG) private readonly config: TenantOptionsConfig,
  ) {}

  @Post()
  @ApiRoute('Create a new TOTP secret for the caller', { returns: 'json:totpSecret' })
  @HttpCode(200)
  async generate(@CurrentPrincipal() p: Principal) {
    const user = await this.user(p);
    if (user.totp?.active) throw new DomainError('users', 'Update Conflict', 'TOTP is active; deactivate it before making a new secret');
    const secret = newTotpSecret();
    await this.users.update(user, { $set: { totp: { secret: this.twoFactor.sealTotp(user, secret), verified: false, active: false } } }, 'credentials');
    return this.secret(user, secret);
  }

  @Get()
  @ApiRoute('The caller\'s TOTP secret', { returns: 'json:totpSecret' })
  async pending(@CurrentPrincipal() p: Principal) {
    const user = await this.user(p);
    if (!user.totp || user.totp.active) throw new DomainError('users', 'Not Found', user.totp ? 'TOTP is active; its secret is not shown again' : 'No TOTP secret; POST to make one');
    return this.secret(user, this.twoFactor.openTotp(user, user.totp.secret));
  }

  @Post('verify')
  @ApiRoute('Verify a TOTP code', { status: 204, accepts: 'json:totpCode' })
  @HttpCode(204)
  async verify(@CurrentPrincipal() p: Principal, @Body() body: { code?: unknown } | undefined) {
    const user = await this.user(p);
    if (!user.totp) throw new DomainError('users', 'Not Found', 'No TOTP secret; POST /user/currentUser/totpSecret makes one');
    const code = typeof body?.code === 'string' || typeof body?.code === 'number' ? String(body.code) : '';
    if (!TOTP_CODE.test(code)) throw new DomainError('users', 'Invalid Data', `code must be ${TOTP_DIGITS} digits`);
    if (!(await this.twoFactor.acceptTotp(user, this.twoFactor.openTotp(user, user.totp.secret), code))) {
      throw new DomainError('users', 'Forbidden', 'The TFA TOTP code is wrong or was used already');
    }
    if (!user.totp.verified) await this.users.update(user, { $set: { 'totp.verified': true } }, 'credentials');
  }

  @Get('activity')
  @ApiRoute('Whether TOTP is active for the caller', { returns: 'json:totpActivity' })
  async activity(@CurrentPrincipal() p: Principal) {
    return { isActive: !!(await this.user(p)).totp?.active };
  }

  @Post('activity')
  @ApiRoute('Turn TOTP on or off for the caller', { status: 204, accepts: 'json:totpActivity' })
  @HttpCode(204)
  async setActivity(@CurrentPrincipal() p: Principal, @Body() body: { isActive?: unknown } | undefined) {
    if (typeof body?.isActive !== 'boolean') throw new DomainError('users', 'Invalid Data', 'isActive must be true or false');
    const user = await this.user(p);
    if (body.isActive && !user.totp?.verified) throw new DomainError('users', 'Update Conflict', 'Verify a code of the TOTP secret first (POST /user/currentUser/totpSecret/verify)');
    if (!body.isActive && (await this.settings.of(p.tenant)).enforced) throw forbidden('The tenant enforces two-factor authentication');
    if (!!user.totp?.active === body.isActive) return;
    // Turning TOTP on ends the user's sessions, as a password change does: each was opened without a second factor.
    await this.users.update(user, { $set: { 'totp.active': body.isActive, ...(body.isActive ? endSessions() : {}) } }, 'credentials');
  }

  private async user(p: Principal): Promise<UserRecord> {
    if (p.kind !== 'user') throw forbidden('Only users set up two-factor authentication');
    return this.users.find(p.tenant, p.user);
  }

  private secret(user: UserRecord, secret: string) {
    return { rawSecret: secret, secretQrUrl: otpauthUri(this.config.BERTH_BRAND_HEADER, `${user.tenant}/${user.userName}`, secret) };
  }
}
