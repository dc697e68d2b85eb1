import { isPublicPath } from './public-paths';

describe('isPublicPath', () => {
  it.each(['/health', '/openapi.json', '/api-docs', '/api-docs/swagger-ui-bundle.js', '/tenant/loginOptions', '/tenant/loginOptions/', '/tenant/oauth', '/tenant/oauth/token', '/service/hello/health', '/service/hello/health/', '/docs/errors', '/service/messaging/providers/webhooks/a/b'])('%s is public', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each(['/openapi.jsonx', '/api-docs/a/b', '/internal/openapi.json', '/tenant/options', '/platform', '/healthx', '/x/health', '/service/a/b/health', '/tenant/oauthx', '/docs/errors/x', '/service/messaging/providers/webhooks/a'])('%s needs credentials', (path) => {
    expect(isPublicPath(path)).toBe(false);
  });
});
