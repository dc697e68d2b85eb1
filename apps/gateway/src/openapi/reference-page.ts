import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * swagger-ui's start-up: a file of its own, because the page's CSP allows no inline script (docs/security.md).
 * Once rendered, the servers list gets the accessible name swagger-ui leaves out.
 */
const START_SCRIPT = `window.addEventListener('load', () => {
  window.ui = SwaggerUIBundle({
    url: 'openapi.json', dom_id: '#reference', deepLinking: true, validatorUrl: null,
    onComplete: () => document.querySelectorAll('select#servers').forEach((s) => s.setAttribute('aria-label', 'Server')),
  });
});
`;

/**
 * Colours of swagger-ui's theme that are too pale for their text (under WCAG AA's 4.5:1), darkened
 * so that the page passes an accessibility scan: the method badges, the version stamps, the links, the Authorize button.
 */
const CONTRAST_STYLES = `.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1460a8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #17704a; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #9a4a00; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #1c6b5a; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
.swagger-ui .opblock.opblock-head .opblock-summary-method { background: #6a3fa0; }
.swagger-ui .opblock.opblock-options .opblock-summary-method { background: #0d5c8c; }
.swagger-ui .info .title small, .swagger-ui .info .title small pre { background: #4a5360; }
.swagger-ui .info .title small.version-stamp, .swagger-ui .info .title small.version-stamp pre { background: #3d6b00; }
.swagger-ui .info a, .swagger-ui .info .url, .swagger-ui a.nostyle { color: #1a5fb4; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #3b4151; }
.swagger-ui .btn.authorize { color: #17704a; border-color: #17704a; }
.swagger-ui .btn.authorize svg { fill: #17704a; }
.swagger-ui .response-col_status, .swagger-ui .opblock-summary-path, .swagger-ui .prop-type { color: #3b4151; }
`;

const fromSwaggerUi = (file: string) => () => readFileSync(join(dirname(require.resolve('swagger-ui-dist/package.json')), file));

/** The files `/api-docs/<file>` serves: swagger-ui from the installed swagger-ui-dist (no CDN) and the start-up script. */
const ASSETS: Record<string, { type: string; read: () => Buffer }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', read: fromSwaggerUi('swagger-ui.css') },
  'swagger-ui-bundle.js': { type: 'application/javascript; charset=utf-8', read: fromSwaggerUi('swagger-ui-bundle.js') },
  'favicon-32x32.png': { type: 'image/png', read: fromSwaggerUi('favicon-32x32.png') },
  'start.js': { type: 'application/javascript; charset=utf-8', read: () => Buffer.from(START_SCRIPT) },
  'contrast.css': { type: 'text/css; charset=utf-8', read: () => Buffer.from(CONTRAST_STYLES) },
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
<link rel="stylesheet" href="api-docs/contrast.css">
</head>
<body>
<div id="reference"></div>
<script src="api-docs/swagger-ui-bundle.js"></script>
<script src="api-docs/start.js"></script>
</body>
</html>
`;
