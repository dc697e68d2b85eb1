import { ERROR_STATUS, ErrorKind } from './domain-error';

/**
 * What each kind of error means and what the client can do about it: the page the error
 * resource's `info` links to (served by the gateway at `/docs/errors`, and docs/errors.md).
 */
export const ERROR_GUIDE: Record<ErrorKind, string> = {
  'Bad Request': 'The request is malformed: JSON or HTTP that cannot be read, a body nested too deeply, a path that does not decode. Fix the request; sending it again as it is fails again.',
  Unauthorized: 'No credentials, or credentials that are wrong or expired (the answer carries `WWW-Authenticate`). Sign in again, or send the two-factor code the message asks for.',
  Forbidden: 'The caller is known but not allowed: a role is missing, or the resource belongs to another tenant. Ask an administrator for the role the message names.',
  'Not Found': 'There is no such resource, or none the caller may see. Check the id or name and the path; a path with a trailing slash is another path.',
  'Method Not Allowed': 'The path exists, but not with this method. The `Allow` header lists the methods it serves.',
  'Not Acceptable': 'The `Accept` header names nothing the resource can be sent as. Accept the media type the interface documents, or `application/json`.',
  'Request Timeout': 'The request did not arrive in time: its headers or its body came too slowly. Send it again.',
  Duplicate: 'A unique value is taken, or the thing exists already. Choose another name or key, or use the existing one.',
  'Update Conflict': 'The request is well-formed, but the current state refuses it (the message says which state). Change the state first, or send another request.',
  'Payload Too Large': 'The body is larger than the platform accepts. Send a smaller body; the message names the limit.',
  'Unsupported Media Type': 'The body\'s `Content-Type` is one this resource cannot read. Send the media type the interface documents.',
  'Invalid Data': 'A field, parameter or header value breaks a rule; the message names it and the rule. Correct that value.',
  'Unprocessable Entity': 'A field, parameter or header value breaks a rule; the message names it and the rule. Correct that value.',
  'Too Many Requests': 'The tenant\'s rate limit is reached. Wait the seconds of `Retry-After`, then send again.',
  'Request Header Fields Too Large': 'The request\'s headers are larger than the platform accepts. Send fewer or shorter headers (cookies, tokens).',
  'Internal Error': 'A fault of the platform\'s, not of the request. It has been logged with the request\'s correlation id (`X-Request-Id`); report that id.',
  'Service Unavailable': 'A part of the platform is out of reach, or a state is not ready yet. Send again after the seconds of `Retry-After`.',
};

/** The anchor of an error kind on the errors page (`not-found` for `Not Found`). */
export function errorAnchor(kind: string): string {
  return kind.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** Every error kind, by status: the rows of the errors page. */
export const ERROR_KINDS_BY_STATUS: readonly ErrorKind[] = (Object.keys(ERROR_GUIDE) as ErrorKind[]).sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b]);
