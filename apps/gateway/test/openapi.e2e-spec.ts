import { join } from 'node:path';
import { declaredRoutes, testStack } from '@berth/testing';
import { operations, resolveRef, structuralBreaches } from './openapi/document-checks';
import { GATEWAY_ROUTES } from './security/matrix-cases';

// ajv (draft-07) is in node_modules through the lint tooling: enough for the documented schemas.
const Ajv = require('ajv');

const ROOT = join(__dirname, '..', '..', '..');
const BRAND = 'application/vnd.com.nsn.cumulocity';
const gw = (path: string, headers: Record<string, string> = {}) => fetch(`${testStack.gatewayUrl}${path}`, { headers });
/** `METHOD /a/:b/*` as the document writes it: `METHOD /a/{b}/{path}`. */
const templated = (route: string) => route.replace(/:([^/]+)/g, '{$1}').replace(/\/\*$/, '/{path}');
const pointer = (...keys: string[]) => `#/${keys.map((k) => k.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/** Issue 10: the OpenAPI 3.1 document of the whole public interface, merged by the gateway. */
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
    expect(document.servers).toEqual([{ url: testStack.gatewayUrl.replace('127.0.0.1', 'localhost') }]);
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

  /** A few real answers checked against the document: status documented, media type documented, body matching the schema. */
  it.each([
    ['/platform', '/platform'],
    ['/application', '/application'],
    ['/application/applications?pageSize=3', '/application/applications'],
    ['/application/applications/nope', '/application/applications/{id}'],
    ['/tenant/currentTenant', '/tenant/currentTenant'],
    ['/user/currentUser', '/user/currentUser'],
    ['/user/roles', '/user/roles'],
    ['/user/management/users?pageSize=2', '/user/{tenant}/users'],
    ['/tenant/tenants?pageSize=2', '/tenant/tenants'],
    ['/tenant/options?pageSize=2', '/tenant/options'],
    ['/tenant/loginOptions?tenantId=management', '/tenant/loginOptions'],
    ['/tenant/statistics/applicationUsage', '/tenant/statistics/applicationUsage'],
    ['/application/applications?pageSize=0', '/application/applications'],
  ])('answers GET %s as documented', async (path, documentedPath) => {
    const res = await gw(path, { ...testStack.adminAuth(), accept: 'application/json' });
    const op = document.paths[documentedPath].get;
    const status = String(res.status);
    const key = status in op.responses ? status : 'default';
    const response: any = op.responses[key].$ref ? resolveRef(document, op.responses[key].$ref) : op.responses[key];
    const at = op.responses[key].$ref ? op.responses[key].$ref.slice(2).split('/') : ['paths', documentedPath, 'get', 'responses', key];
    const type = (res.headers.get('content-type') ?? '').split(';')[0].toLowerCase();
    const documentedType = Object.keys(response.content ?? {}).find((t) => t.split(';')[0].toLowerCase() === type);
    expect([path, status, documentedType && type]).toEqual([path, status, type]);
    const ajv = new Ajv({ allErrors: true, unknownFormats: 'ignore' });
    ajv.addSchema(document, 'openapi.json');
    const validate = ajv.compile({ $ref: `openapi.json${pointer(...at, 'content', documentedType!, 'schema')}` });
    const body = await res.json();
    expect([path, validate(body) ? [] : validate.errors]).toEqual([path, []]);
  });

  it('serves the reference page and its assets without credentials or a CDN', async () => {
    const page = await gw('/api-docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('openapi.json');
    expect(html).not.toMatch(/https?:\/\//);
    for (const [file, type] of [['swagger-ui-bundle.js', 'application/javascript'], ['swagger-ui.css', 'text/css']]) {
      const asset = await gw(`/api-docs/${file}`);
      expect([file, asset.status, asset.headers.get('content-type')?.split(';')[0]]).toEqual([file, 200, type]);
      expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(1000);
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
