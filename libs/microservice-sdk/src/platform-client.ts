import { basicAuthorization, type Credentials } from './credentials';

/** A platform answer: status, headers and the body (parsed JSON when the platform sent JSON, else text). */
export interface PlatformResponse<T = any> { status: number; headers: Headers; body: T }

export interface RequestOptions { body?: unknown; accept?: string; contentType?: string; headers?: Record<string, string>; timeoutMs?: number }

/** Thrown when the platform cannot be reached (connection refused, timeout), as opposed to answering an error. */
export class PlatformUnreachableError extends Error {}

/**
 * A client of the platform's REST interface acting as one principal: a user (user scope, the
 * caller's own `Authorization` header) or a tenant's service user (tenant scope). Uses the
 * runtime's `fetch` (undici); never throws for an HTTP error status, only for an unreachable platform.
 */
export class PlatformClient {
  constructor(
    readonly baseUrl: string,
    private readonly authorization: string,
    private readonly applicationKey?: string,
    private readonly brandHeader = 'Cumulocity',
  ) {}

  static forCredentials(baseUrl: string, credentials: Credentials, applicationKey?: string): PlatformClient {
    return new PlatformClient(baseUrl, basicAuthorization(credentials), applicationKey);
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<PlatformResponse<T>> {
    const headers: Record<string, string> = {
      authorization: this.authorization, accept: options.accept ?? 'application/json', ...options.headers,
    };
    if (this.applicationKey) headers[`x-${this.brandHeader.toLowerCase()}-application-key`] = this.applicationKey;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] = options.contentType ?? 'application/json';
    }
    let res: Response;
    try {
      res = await fetch(new URL(path, `${this.baseUrl}/`), { method, headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 10000) });
    } catch (err) {
      throw new PlatformUnreachableError(`platform at ${this.baseUrl} unreachable: ${(err as Error).cause ?? (err as Error).message}`);
    }
    const text = await res.text();
    const json = /json/i.test(res.headers.get('content-type') ?? '') && text;
    return { status: res.status, headers: res.headers, body: (json ? JSON.parse(text) : text) as T };
  }

  get<T = any>(path: string, options?: RequestOptions) { return this.request<T>('GET', path, options); }
  post<T = any>(path: string, body: unknown, options?: RequestOptions) { return this.request<T>('POST', path, { ...options, body }); }
  put<T = any>(path: string, body: unknown, options?: RequestOptions) { return this.request<T>('PUT', path, { ...options, body }); }
  delete<T = any>(path: string, options?: RequestOptions) { return this.request<T>('DELETE', path, options); }
}
