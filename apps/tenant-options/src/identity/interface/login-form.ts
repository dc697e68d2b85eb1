import { DomainError } from '@berth/http';

/** The fields of a login form (`POST /tenant/oauth[/token]`), from its body or its query. */
export interface LoginForm {
  grant_type?: string; username?: string; password?: string; tfa_code?: string; tfa_token?: string; code?: string; state?: string; tenant_id?: string;
}

const FIELDS: readonly (keyof LoginForm)[] = ['grant_type', 'username', 'password', 'tfa_code', 'tfa_token', 'code', 'state', 'tenant_id'];

/**
 * The login form fields of a body or query (form fields or a JSON object); other fields are ignored.
 * @throws DomainError 422 `security/Unprocessable Entity` when it is not an object, or a field is not text
 * (an object, an array, a number: `tfa_code` is text, so its leading zeros survive).
 */
export function loginFormFrom(source: unknown): LoginForm {
  if (source === undefined || source === null || source === '') return {};
  if (typeof source !== 'object' || Array.isArray(source)) throw invalid('the login form must be form fields or a JSON object');
  const form: LoginForm = {};
  for (const field of FIELDS) {
    const value = (source as Record<string, unknown>)[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw invalid(`${field} must be a string`);
    form[field] = value;
  }
  return form;
}

function invalid(message: string): DomainError {
  return new DomainError('security', 'Unprocessable Entity', message);
}
