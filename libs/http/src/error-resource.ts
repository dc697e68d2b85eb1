/** The error resource every app and the gateway answer with (docs/api/conventions.md). */
export interface ErrorResource {
  error: string;
  message: string;
  info: string;
  details?: Record<string, unknown>;
}

/** Builds the error resource; `info` points at the error's entry in the project's documentation. */
export function errorResource(publicUrl: string, error: string, message: string): ErrorResource {
  const anchor = error.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return { error, message, info: `${publicUrl.replace(/\/$/, '')}/docs/errors#${anchor}` };
}
