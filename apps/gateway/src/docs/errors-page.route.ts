import { ERROR_GUIDE, ERROR_KINDS_BY_STATUS, ERROR_STATUS, errorAnchor, PAGE_CSP } from '@berth/http';
import type { OwnResources } from '../routing/own-resources';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** `code` spans for the guide's backquoted names; the rest as text. */
const withCode = (text: string) => escape(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** The errors page: one row per kind, by status, its anchor the one the error resource's `info` names. */
function errorsPage(): string {
  const rows = ERROR_KINDS_BY_STATUS.map((kind) => `<tr id="${errorAnchor(kind)}"><td>${ERROR_STATUS[kind]}</td><td>${escape(kind)}</td><td>${withCode(ERROR_GUIDE[kind])}</td></tr>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Errors</title></head>
<body><main><h1>Errors</h1>
<p>Every refusal is an error resource: <code>error</code> is <code>&lt;resource&gt;/&lt;kind&gt;</code>, <code>message</code> says what went wrong, and <code>info</code> links to the kind's row below.</p>
<table><thead><tr><th>status</th><th>kind</th><th>what it means, and what to do</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table></main></body></html>
`;
}

/** `GET /docs/errors` (docs/errors.md): the page every error resource's `info` links to. Public. */
export function registerErrorsPage(own: OwnResources) {
  const body = errorsPage();
  own.get('/docs/errors', () => ({ headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': PAGE_CSP, 'cache-control': 'public, max-age=3600' }, body }));
}
