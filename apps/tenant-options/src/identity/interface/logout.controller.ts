import { Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { CurrentPrincipal, Principal } from '@berth/auth';
import { PlatformTokens } from '../infrastructure/platform-tokens';
import { UserWriter } from '../infrastructure/user-writer';
import { ApiRoute } from '@berth/openapi';

/**
 * `POST /user/logout`: revokes the platform token the request came with (Bearer or the
 * `authorization` cookie), clears the cookies, and tells every gateway to drop the user's cached
 * credentials. With Basic credentials there is nothing to revoke; the answer is the same.
 */
@Controller('user/logout')
export class LogoutController {
  constructor(private readonly tokens: PlatformTokens, private readonly users: UserWriter) {}

  @Post()
  @ApiRoute('End the caller\'s session', { status: 204 })
  @HttpCode(204)
  async logout(@CurrentPrincipal() p: Principal, @Headers('authorization') authorization: string | undefined, @Headers('cookie') cookie: string | undefined) {
    const token = /^Bearer\s+(\S+)/i.exec(authorization ?? '')?.[1] ?? /(?:^|;\s*)authorization=([^;]+)/.exec(cookie ?? '')?.[1];
    const claims = token ? await this.tokens.verify(token) : undefined;
    if (!claims || claims.tenant !== p.tenant || claims.user !== p.user) return;
    await this.tokens.revoke(claims);
    await this.users.update(await this.users.find(p.tenant, p.user), { $set: { lastLogout: new Date() } as never }, 'credentials');
  }
}
