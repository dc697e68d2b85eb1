import { isPublicPath } from './public-paths';

describe('isPublicPath', () => {
  it.each(['/health', '/openapi.json', '/api-docs', '/api-docs/swagger-ui-bundle.js', '/tenant/loginOptions', '/tenant/oauth/token', '/service/hello/health'])('%s is public', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each(['/openapi.jsonx', '/api-docs/a/b', '/internal/openapi.json', '/tenant/options', '/platform'])('%s needs credentials', (path) => {
    expect(isPublicPath(path)).toBe(false);
  });
});
