const UTF8 = '; charset=utf-8';

/** Media types by file extension; text types carry their charset. */
const TYPES: Readonly<Record<string, string>> = {
  html: `text/html${UTF8}`, htm: `text/html${UTF8}`,
  js: `text/javascript${UTF8}`, mjs: `text/javascript${UTF8}`,
  css: `text/css${UTF8}`,
  json: `application/json${UTF8}`, map: `application/json${UTF8}`, webmanifest: `application/manifest+json${UTF8}`,
  svg: `image/svg+xml${UTF8}`, xml: `application/xml${UTF8}`, txt: `text/plain${UTF8}`,
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', ico: 'image/x-icon',
  woff: 'font/woff', woff2: 'font/woff2', ttf: 'font/ttf',
  wasm: 'application/wasm',
};

/** The Content-Type of a file of a web application, by its extension; unknown ones are application/octet-stream. */
export function contentTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot > name.lastIndexOf('/') ? name.slice(dot + 1).toLowerCase() : '';
  return TYPES[extension] ?? 'application/octet-stream';
}

/** Whether an answer of this type is an HTML page (it gets the page's Content-Security-Policy). */
export const isHtml = (contentType: string) => contentType.startsWith('text/html');
