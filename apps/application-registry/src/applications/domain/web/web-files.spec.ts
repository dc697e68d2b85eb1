import { cacheControlOf, hasContentHash } from './cache-policy';
import { contentTypeOf } from './content-type';
import { chooseEncoding } from './encoding';
import { etagOf, matchesEtag } from './etag';
import { filePathOf, hasExtension } from './request-path';
import { FileSet, webAnswer } from './web-answer';

describe('filePathOf', () => {
  it.each([
    ['', ''], ['index.html', 'index.html'], ['assets/app.js', 'assets/app.js'], ['some/route/', 'some/route'], ['a%20b.txt', 'a b.txt'],
  ])('%j names %j', (raw, name) => {
    expect(filePathOf(raw)).toEqual({ ok: true, name });
  });

  it.each(['../x', 'a/../x', '%2e%2e/x', '%2E%2E', 'a%2f..%2fx', 'a%2fb', 'a%5cb', '..%5cx', 'a\\b', 'a%00b', '/etc/passwd', 'a//b', './x', '%zz'])('refuses %j', (raw) => {
    expect(filePathOf(raw).ok).toBe(false);
  });

  it('tells a file extension from a route', () => {
    expect(hasExtension('assets/missing.js')).toBe(true);
    expect(hasExtension('some/route')).toBe(false);
    expect(hasExtension('.hidden')).toBe(false);
    expect(hasExtension('v1.2/route')).toBe(false);
  });
});

describe('contentTypeOf', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'], ['a/b.JS', 'text/javascript; charset=utf-8'], ['m.mjs', 'text/javascript; charset=utf-8'],
    ['s.css', 'text/css; charset=utf-8'], ['d.json', 'application/json; charset=utf-8'], ['x.js.map', 'application/json; charset=utf-8'],
    ['i.svg', 'image/svg+xml; charset=utf-8'], ['i.png', 'image/png'], ['i.jpg', 'image/jpeg'], ['i.gif', 'image/gif'], ['i.webp', 'image/webp'],
    ['favicon.ico', 'image/x-icon'], ['f.woff', 'font/woff'], ['f.woff2', 'font/woff2'], ['f.ttf', 'font/ttf'], ['r.txt', 'text/plain; charset=utf-8'],
    ['m.wasm', 'application/wasm'], ['f.xml', 'application/xml; charset=utf-8'], ['site.webmanifest', 'application/manifest+json; charset=utf-8'],
    ['data.bin', 'application/octet-stream'], ['README', 'application/octet-stream'], ['dir.v2/README', 'application/octet-stream'],
  ])('%s is %s', (name, type) => {
    expect(contentTypeOf(name)).toBe(type);
  });
});

describe('cacheControlOf', () => {
  it.each(['assets/index-3f2a9c1d.js', 'chunk.4f5e6a7b8c.css', 'main-BkR4_x9Q.js', 'a/b/vendor.0123abcd.min.js'])('keeps the hashed %s a year', (name) => {
    expect(hasContentHash(name)).toBe(true);
    expect(cacheControlOf(name, false)).toBe('private, max-age=31536000, immutable');
  });

  it.each(['index.html', 'favicon.ico', 'assets/app.js', 'chunk-abc.js', 'polyfills.js', 'my-component.css', '3f2a9c1d.js'])('revalidates %s', (name) => {
    expect(cacheControlOf(name, false)).toBe('private, no-cache');
  });

  it('revalidates the single-page fallback', () => {
    expect(cacheControlOf('index.html', true)).toBe('private, no-cache');
  });
});

describe('chooseEncoding', () => {
  const both = () => true;
  it.each([
    ['gzip, deflate, br', 'br'], ['br;q=0, gzip', 'gzip'], ['gzip;q=0.5, br;q=0.1', 'br'], ['*', 'br'], ['*;q=0', undefined],
    ['identity', undefined], [undefined, undefined], ['', undefined], ['gzip;q=0, br;q=0', undefined], ['x-gzip', 'gzip'], ['br;q=0, *', 'gzip'],
  ])('%j with both siblings: %s', (accept, coding) => {
    expect(chooseEncoding(accept, both)).toBe(coding);
  });

  it('only chooses a sibling that exists', () => {
    expect(chooseEncoding('br, gzip', (c) => c === 'gzip')).toBe('gzip');
    expect(chooseEncoding('br', (c) => c === 'gzip')).toBeUndefined();
  });
});

describe('etagOf', () => {
  it('is strong, per binary, entry and coding', () => {
    const tag = etagOf('65a0', 0xabc, 100);
    expect(tag).toBe('"65a0-00000abc-64"');
    expect(etagOf('65a0', 0xabc, 100, 'br')).not.toBe(tag);
    expect(etagOf('65a1', 0xabc, 100)).not.toBe(tag);
    expect(matchesEtag(`"x", ${tag}`, tag)).toBe(true);
    expect(matchesEtag(`W/${tag}`, tag)).toBe(true);
    expect(matchesEtag('*', tag)).toBe(true);
    expect(matchesEtag('"x"', tag)).toBe(false);
    expect(matchesEtag(undefined, tag)).toBe(false);
  });
});

describe('webAnswer', () => {
  const file = (text: string, crc32 = 1) => ({ data: Buffer.from(text), crc32 });
  const set: FileSet = {
    binaryId: 'b1',
    files: new Map([['index.html', file('<html>')], ['app.js', file('js')], ['app.js.br', file('br', 2)], ['app.js.gz', file('gz', 3)]]),
  };

  it('serves the folder and the routes of a single-page app as index.html, a missing asset as 404', () => {
    expect(webAnswer(set, '', {})).toMatchObject({ kind: 'file', status: 200, html: true, headers: { 'cache-control': 'private, no-cache' } });
    expect(webAnswer(set, 'some/route', {})).toMatchObject({ kind: 'file', status: 200, body: Buffer.from('<html>') });
    expect(webAnswer(set, 'missing.js', {})).toMatchObject({ kind: 'refused', status: 404 });
    expect(webAnswer(set, '../x', {})).toMatchObject({ kind: 'refused', status: 400 });
  });

  it('answers a precompressed sibling with the original\'s type, and 304 for its ETag', () => {
    const br = webAnswer(set, 'app.js', { acceptEncoding: 'gzip, br' });
    expect(br).toMatchObject({ status: 200, body: Buffer.from('br'), headers: { 'content-encoding': 'br', 'content-type': 'text/javascript; charset=utf-8', 'content-length': '2' } });
    const etag = (br as { headers: Record<string, string> }).headers.etag;
    expect(webAnswer(set, 'app.js', { acceptEncoding: 'br', ifNoneMatch: etag })).toMatchObject({ status: 304 });
    expect((webAnswer(set, 'app.js', { acceptEncoding: 'br', ifNoneMatch: etag }) as { body?: Buffer }).body).toBeUndefined();
    expect(webAnswer(set, 'app.js', { ifNoneMatch: etag })).toMatchObject({ status: 200, body: Buffer.from('js') });
    expect((webAnswer(set, 'app.js', {}) as { headers: Record<string, string> }).headers['content-encoding']).toBeUndefined();
  });
});
