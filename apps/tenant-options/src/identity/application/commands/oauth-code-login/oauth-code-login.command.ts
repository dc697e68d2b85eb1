import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';

/**
 * Finishes an OAuth2 authorization-code login (docs/api/tenants-users-auth.md): takes the `state`,
 * exchanges `code` with the option's authorization server, checks the ID token, and provisions
 * or updates the user it names. @throws 401 `security/Unauthorized` on any failure.
 */
export class OAuthCodeLoginCommand extends Command<Principal> {
  constructor(readonly code: string, readonly state: string) {
    super();
  }
}
