import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The swagger-ui assets `/api-docs/<file>` serves, from the installed swagger-ui-dist (no CDN). */
export const REFERENCE_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
};

const assets = new Map<string, Buffer>();

/** An asset's bytes, read once. */
export function referenceAsset(file: string): Buffer {
  let bytes = assets.get(file);
  if (!bytes) assets.set(file, (bytes = readFileSync(join(dirname(require.resolve('swagger-ui-dist/package.json')), file))));
  return bytes;
}

/** The reference page: swagger-ui over `/openapi.json`, with links relative to `/api-docs` so a path prefix in front of the gateway keeps working. */
export const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Berth API reference</title>
<link rel="stylesheet" href="api-docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="api-docs/swagger-ui-bundle.js"></script>
<script>window.onload = () => { window.ui = SwaggerUIBundle({ url: 'openapi.json', dom_id: '#reference', deepLinking: true }); };</script>
</body>
</html>
`;
