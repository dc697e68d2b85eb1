import { Command } from '@nestjs/cqrs';
import type { Principal } from '@berth/auth';

export interface Credentials {
  /** The tenant the credentials name (`tenant/user`), if any. */
  tenant?: string;
  /** The first label of the request's Host header, tried as a tenant id or domain when `tenant` is absent. */
  hostLabel?: string;
  user: string;
  password: string;
  /** A TFA code (`tfa_code` of a login form). */
  tfaCode?: string;
  /** A TFA token from an earlier login with a code (header `TFAToken`, or `tfa_token`). */
  tfaToken?: string;
}

/** A platform token (Bearer, or the `authorization` cookie). */
export interface TokenCredentials { token: string }

export interface AuthResult {
  principal: Principal;
  /** When the credentials stop being valid (ms since the epoch), for tokens. */
  expiresAt?: number;
  /** The XSRF token a cookie-authenticated write must echo in `X-XSRF-TOKEN`. */
  xsrfToken?: string;
  /** A new TFA token, when the credentials carried a TFA code that passed. */
  tfaToken?: string;
}

/** Verifies a password or a platform token and answers the principal it stands for. @throws 401 `security/Unauthorized` (naming TFA when a second factor is missing or wrong). */
export class AuthenticateCommand extends Command<AuthResult> {
  constructor(readonly credentials: Credentials | TokenCredentials) {
    super();
  }
}
