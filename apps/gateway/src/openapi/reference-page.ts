import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** swagger-ui's start-up: a file of its own, because the page's CSP allows no inline script (docs/security.md). */
const START_SCRIPT = `window.addEventListener('load', () => {
  window.ui = SwaggerUIBundle({ url: 'openapi.json', dom_id: '#reference', deepLinking: true, validatorUrl: null });
});
`;

const fromSwaggerUi = (file: string) => () => readFileSync(join(dirname(require.resolve('swagger-ui-dist/package.json')), file));

/** The files `/api-docs/<file>` serves: swagger-ui from the installed swagger-ui-dist (no CDN) and the start-up script. */
const ASSETS: Record<string, { type: string; read: () => Buffer }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', read: fromSwaggerUi('swagger-ui.css') },
  'swagger-ui-bundle.js': { type: 'application/javascript; charset=utf-8', read: fromSwaggerUi('swagger-ui-bundle.js') },
  'favicon-32x32.png': { type: 'image/png', read: fromSwaggerUi('favicon-32x32.png') },
  'start.js': { type: 'application/javascript; charset=utf-8', read: () => Buffer.from(START_SCRIPT) },
};

/** The asset file names under `/api-docs/`. */
export const REFERENCE_ASSETS = Object.keys(ASSETS);

const assets = new Map<string, { type: string; bytes: Buffer }>();

/** An asset's media type and bytes, read once. */
export function referenceAsset(file: string): { type: string; bytes: Buffer } {
  let asset = assets.get(file);
  if (!asset) assets.set(file, (asset = { type: ASSETS[file].type, bytes: ASSETS[file].read() }));
  return asset;
}

/** The reference page: swagger-ui over `/openapi.json`, with links relative to `/api-docs` so a path prefix in front of the gateway keeps working. */
export const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Berth API reference</title>
<link rel="icon" type="image/png" href="api-docs/favicon-32x32.png">
<link rel="stylesheet" href="api-docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="api-docs/swagger-ui-bundle.js"></script>
<script src="api-docs/start.js"></script>
</body>
</html>
`;
