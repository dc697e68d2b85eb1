import { DomainError } from '@berth/http';

/** 401 `security/Unauthorized`, the real platform's name for missing or bad credentials. */
export function unauthorized(message = 'Authentication failed or credentials missing'): DomainError {
  return new DomainError('security', 'Unauthorized', message);
}

/** 403 `security/Forbidden`: authenticated, but not allowed to do this. */
export function forbidden(message = 'Access is denied'): DomainError {
  return new DomainError('security', 'Forbidden', message);
}
