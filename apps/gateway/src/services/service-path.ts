import { DomainError } from '@berth/http';

const SERVICE_PATH = /^\/service\/([^/]+)(\/.*)?$/;

/** The microservice name and the path below `/service/<name>` of a request path, or undefined; 400 for a name that does not percent-decode. */
export function servicePath(path: string): { name: string; rest: string } | undefined {
  const m = SERVICE_PATH.exec(path);
  if (!m) return undefined;
  try {
    return { name: decodeURIComponent(m[1]), rest: m[2] ?? '/' };
  } catch {
    throw new DomainError('general', 'Bad Request', `${m[1]} is not a percent-encoded microservice name`);
  }
}
