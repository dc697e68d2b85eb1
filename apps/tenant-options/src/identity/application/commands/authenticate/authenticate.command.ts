import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';

export interface Credentials {
  /** The tenant the credentials name (`tenant/user`), if any. */
  tenant?: string;
  /** The first label of the request's Host header, tried as a tenant id or domain when `tenant` is absent. */
  hostLabel?: string;
  user: string;
  password: string;
}

/** Verifies a user's password and answers the principal it stands for. @throws 401 `security/Unauthorized`. */
export class AuthenticateCommand extends Command<Principal> {
  constructor(readonly credentials: Credentials) {
    super();
  }
}
