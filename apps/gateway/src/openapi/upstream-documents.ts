import { PRINCIPAL_HEADER, signPrincipal } from '@berth/auth';
import { DomainError, serviceUnavailable } from '@berth/http';
import type { Json } from '@berth/openapi';
import { API_DOCUMENT_PATH } from '@berth/runtime';
import { GATEWAY_PRINCIPAL } from '../auth/authenticator';
import type { Upstreams } from '../proxy/upstreams';
import { UPSTREAM_APPS } from '../routing/route-table';

const TIMEOUT_MS = 5000;

/**
 * Reads every internal app's OpenAPI document (`GET /internal/openapi.json`, as the gateway's
 * internal principal), in UPSTREAM_APPS order.
 * @throws DomainError 503 naming the app when one does not answer 200 with a document within 5 s.
 */
export async function upstreamDocuments(upstreams: Upstreams, internalKey: string): Promise<Json[]> {
  return Promise.all(UPSTREAM_APPS.map(async (app) => {
    const failed = () => serviceUnavailable(`The API document of ${app} cannot be read, retry later`);
    try {
      const res = await upstreams.pool(app).request({
        method: 'GET', path: API_DOCUMENT_PATH,
        headers: { accept: 'application/json', [PRINCIPAL_HEADER]: signPrincipal(GATEWAY_PRINCIPAL, internalKey) },
        headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS,
      });
      const body = await res.body.json().catch(() => undefined) as Json | undefined;
      if (res.statusCode !== 200 || !body?.paths) throw failed();
      return body;
    } catch (err) {
      throw err instanceof DomainError ? err : failed();
    }
  }));
}
