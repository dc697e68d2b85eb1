import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { InternalOnly } from '@berth/auth';
import { DomainError } from '@berth/http';
import { AuthenticateCommand, AuthResult, Credentials } from '../application/commands/authenticate/authenticate.command';

/**
 * `POST /internal/authenticate`: the gateway's one call to verify credentials (a password, with the
 * `TFAToken` header's value as `tfaToken` where TFA is on, or a platform token) it has not cached.
 * Not routed by the gateway; only another app's internal principal may call it.
 */
@Controller('internal')
export class InternalAuthController {
  constructor(private readonly commands: CommandBus) {}

  @Post('authenticate')
  @HttpCode(200)
  @InternalOnly()
  async authenticate(@Body() body: (Partial<Credentials> & { token?: unknown }) | undefined): Promise<AuthResult> {
    if (typeof body?.token === 'string') return this.commands.execute(new AuthenticateCommand({ token: body.token }));
    if (!body || typeof body.user !== 'string' || typeof body.password !== 'string') {
      throw new DomainError('security', 'Unprocessable Entity', 'a token, or user and password, are required');
    }
    const { tenant, hostLabel, user, password, tfaToken } = body;
    const optional = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    return this.commands.execute(new AuthenticateCommand({ tenant: optional(tenant), hostLabel: optional(hostLabel), user, password, tfaToken: optional(tfaToken) }));
  }
}
