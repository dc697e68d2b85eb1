import { errorAnchor } from './error-guide';

/** The error resource every app and the gateway answer with (docs/api/conventions.md). */
export interface ErrorResource {
  error: string;
  message: string;
  info: string;
  details?: Record<string, unknown>;
}

/** Builds the error resource; `info` points at its kind on the errors page the gateway serves (`/docs/errors`). */
export function errorResource(publicUrl: string, error: string, message: string): ErrorResource {
  const anchor = errorAnchor(error.slice(error.indexOf('/') + 1));
  return { error, message, info: `${publicUrl.replace(/\/$/, '')}/docs/errors#${anchor}` };
}
