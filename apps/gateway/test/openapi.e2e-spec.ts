import { join } from 'node:path';
import { API_CSP, PAGE_CSP } from '@berth/http';
import { declaredRoutes, testStack } from '@berth/testing';
import { conformanceBreach, operations, structuralBreaches } from './openapi/document-checks';
import { GATEWAY_ROUTES } from './security/matrix-cases';

// ajv (draft-07) is in node_modules through the lint tooling: enough for the documented schemas.
const Ajv = require('ajv');

const ROOT = join(__dirname, '..', '..', '..');
const BRAND = 'application/vnd.com.nsn.cumulocity';
const gw = (path: string, headers: Record<string, string> = {}) => fetch(`${testStack.gatewayUrl}${path}`, { headers });
/** `METHOD /a/:b/*` as the document writes it: `METHOD /a/{b}/{path}`. */
const templated = (route: string) => route.replace(/:([^/]+)/g, '{$1}').replace(/\/\*$/, '/{path}');

/** The OpenAPI 3.1 document of the whole public interface, merged by the gateway. */
describe('gateway: /openapi.json and /api-docs', () => {
  let document: any;

  beforeAll(async () => {
    const res = await gw('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    document = await res.json();
  });

  it('is a structurally valid OpenAPI 3.1 document whose every $ref resolves', () => {
    expect(structuralBreaches(document)).toEqual([]);
    expect(document.servers).toEqual([{ url: testStack.gatewayUrl }]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['basicAuth', 'bearerAuth', 'cookieAuth', 'xsrfToken']);
  });

  it('describes every public route of every app and of the gateway, and no internal one (a missing route fails here)', () => {
    const publicRoutes = [...declaredRoutes(ROOT).filter((r) => !r.internal).map((r) => `${r.method} ${r.path}`), ...GATEWAY_ROUTES];
    expect(publicRoutes.length).toBeGreaterThan(80);
    const documented = operations(document).map(([route]) => route);
    expect(publicRoutes.map(templated).filter((r) => !documented.includes(r))).toEqual([]);
    expect(documented.filter((r) => /^\S+ \/(internal|health|metrics)(\/|$)/.test(r))).toEqual([]);
  });

  it('gives every operation a summary, the shared error responses and the paging parameters once, by reference', () => {
    for (const [route, op] of operations(document)) {
      expect([route, typeof op.summary]).toEqual([route, 'string']);
      expect([route, op.responses.default, op.responses['401'], op.responses['429']]).toEqual([route,
        { $ref: '#/components/responses/Error' }, { $ref: '#/components/responses/Unauthorized' }, { $ref: '#/components/responses/TooManyRequests' }]);
    }
    expect(document.components.responses.TooManyRequests.headers).toHaveProperty('Retry-After');
    expect(document.components.responses.Unauthorized.headers).toHaveProperty('WWW-Authenticate');
    expect(Object.keys(document.components.responses.Error.content)).toEqual([`${BRAND}.error+json;ver=0.9;charset=UTF-8`]);
    expect(document.paths['/application/applications'].get.parameters).toEqual(expect.arrayContaining([{ $ref: '#/components/parameters/pageSize' }]));
  });

  /** Real answers checked against the document: status documented, media type documented, body matching the schema. */
  function validator(): (ref: string, body: unknown) => unknown[] {
    const ajv = new Ajv({ allErrors: true, unknownFormats: 'ignore' });
    ajv.addSchema(document, 'openapi.json');
    return (ref, body) => {
      const validate = ajv.getSchema(`openapi.json${ref}`) ?? ajv.compile({ $ref: `openapi.json${ref}` });
      return validate(body) ? [] : validate.errors;
    };
  }

  it('answers every GET without path parameters, and a few with, as documented (as the management admin)', async () => {
    const known: Record<string, string> = { tenant: 'management', userName: 'admin', id: 'nope', category: 'nope', key: 'nope' };
    const gets = operations(document).map(([route]) => route).filter((r) => r.startsWith('GET ') && !r.includes('{name}') && !r.includes('/{path}'))
      .map((r) => r.slice(4)).filter((p) => [...p.matchAll(/\{([^}]+)\}/g)].every(([, n]) => n in known));
    expect(gets.length).toBeGreaterThan(25);
    const validate = validator();
    const breaches: string[] = [];
    for (const documentedPath of gets) {
      const path = documentedPath.replace(/\{([^}]+)\}/g, (_m, n: string) => known[n]);
      const res = await gw(path, { ...testStack.adminAuth(), accept: 'application/json' });
      const breach = await conformanceBreach(document, 'GET', documentedPath, res, validate);
      if (breach) breaches.push(`GET ${path}: ${breach}`);
    }
    expect(breaches).toEqual([]);
  });

  it.each([
    ['/application/applications?pageSize=0', '/application/applications'],
    ['/tenant/tenants?withTotalPages=maybe', '/tenant/tenants'],
    ['/application/applications/nope', '/application/applications/{id}'],
  ])('answers the mistake GET %s with a documented error', async (path, documentedPath) => {
    const res = await gw(path, { ...testStack.adminAuth(), accept: 'application/json' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await conformanceBreach(document, 'GET', documentedPath, res, validator())).toBeUndefined();
  });

  it('answers without credentials with the documented 401', async () => {
    const res = await gw('/tenant/options');
    expect(res.status).toBe(401);
    expect(await conformanceBreach(document, 'GET', '/tenant/options', res, validator())).toBeUndefined();
  });

  it('serves the reference page (the pages\' CSP, no inline script) and its assets without credentials or a CDN', async () => {
    const page = await gw('/api-docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toBe(PAGE_CSP);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script src="api-docs/swagger-ui-bundle.js">', '<script src="api-docs/start.js">']);
    for (const [file, type, size] of [['swagger-ui-bundle.js', 'application/javascript', 1000], ['swagger-ui.css', 'text/css', 1000], ['start.js', 'application/javascript', 10], ['favicon-32x32.png', 'image/png', 100]] as const) {
      const asset = await gw(`/api-docs/${file}`);
      expect([file, asset.status, asset.headers.get('content-type')?.split(';')[0], asset.headers.get('content-security-policy')]).toEqual([file, 200, type, API_CSP]);
      const body = Buffer.from(await asset.arrayBuffer());
      expect(body.length).toBeGreaterThan(size);
      if (file === 'start.js') expect(body.toString()).toContain("url: 'openapi.json'");
    }
  });

  it('keeps each app\'s own document internal: only another app may read it', async () => {
    for (const app of testStack.apps.filter((a) => a !== 'gateway')) {
      const url = `${testStack.appUrl(app)}/internal/openapi.json`;
      expect([app, (await fetch(url)).status]).toEqual([app, 401]);
      const user = await fetch(url, { headers: testStack.principalHeaders({ tenant: 'management', user: 'admin', roles: ['ROLE_TENANT_ADMIN'], kind: 'user' }) });
      expect([app, user.status]).toEqual([app, 403]);
    }
    const through = await gw('/internal/openapi.json', testStack.adminAuth());
    expect(through.status).toBe(404);
  });
});
