import { PAGE_CSP } from '@berth/http';
import { mergeDocuments } from '@berth/openapi';
import type { GatewayConfig } from '../config/gateway.env';
import type { Upstreams } from '../proxy/upstreams';
import type { OwnResources } from '../routing/own-resources';
import { gatewayDocument } from './gateway-document';
import { MergedDocument } from './merged-document';
import { REFERENCE_ASSETS, REFERENCE_PAGE, referenceAsset } from './reference-page';
import { upstreamDocuments } from './upstream-documents';

/** Stands for the request's public base in the cached document: a URL no configuration names. */
const SERVER_PLACEHOLDER = 'urn:berth:public-base';
const SERVER_ENTRY = `"url":${JSON.stringify(SERVER_PLACEHOLDER)}`;

/**
 * `GET /openapi.json`: the OpenAPI 3.1 document of the whole public interface, the apps' documents
 * merged with the gateway's own routes (503 with the error resource while an app's cannot be read),
 * its `servers` the request's public base (the cached document holds a placeholder, so that answers
 * for different hosts never mix);
 * `GET /api-docs`: a reference page over it (with the pages' CSP), its assets under `/api-docs/`. All public.
 */
export function registerOpenApiRoutes(own: OwnResources, upstreams: Upstreams, config: GatewayConfig, version: string) {
  const document = new MergedDocument(
    () => upstreamDocuments(upstreams, config.BERTH_INTERNAL_KEY),
    (parts) => mergeDocuments([...parts, gatewayDocument(config.BERTH_BRAND)], { title: 'Berth', version, serverUrl: SERVER_PLACEHOLDER }),
    config.BERTH_OPENAPI_CACHE_SECONDS * 1000,
  );
  own.get('/openapi.json', async (ex) => ({
    headers: { 'content-type': 'application/json', 'cache-control': 'no-cache' },
    body: (await document.body()).replace(SERVER_ENTRY, () => `"url":${JSON.stringify(ex.base)}`),
  }));
  own.get('/api-docs', () => ({ headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': PAGE_CSP }, body: REFERENCE_PAGE }));
  for (const file of REFERENCE_ASSETS) {
    const { type, bytes } = referenceAsset(file);
    own.get(`/api-docs/${file}`, () => ({ headers: { 'content-type': type, 'cache-control': 'public, max-age=86400' }, body: bytes }));
  }
}
