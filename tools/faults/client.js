// The fault run's requests through the gateway, each classified as the checks need it: acknowledged
// (2xx), a clean refusal (503 with the error resource and Retry-After), refused connection, hang
// (no answer within HANG_MS), or wrong (anything else: a 500, a 503 without Retry-After, a 401…).

const HANG_MS = 10000;
const basic = (user, password) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** What one answer means for the checks: 'ok', 'expected' (a status the caller named), 'unavailable', 'refused', 'hang' or 'wrong'. */
function classify(res, expected) {
  if (res.status >= 200 && res.status < 300) return 'ok';
  if (expected.includes(res.status)) return 'expected';
  if (res.status === 503) {
    const clean = res.retryAfter && typeof res.body?.error === 'string' && typeof res.body?.message === 'string';
    return clean ? 'unavailable' : 'wrong';
  }
  return 'wrong';
}

/**
 * `request(path, {method, body, auth, accept, expected})` answers `{status, body, retryAfter,
 * outcome, ms}`; status 0 when no answer came. Every call is also passed to
 * `record(outcome, detail, ms)` for the current phase's counts.
 */
function gatewayClient(gatewayUrl, record) {
  async function request(path, { method = 'GET', body, auth, accept = 'application/json', expected = [] } = {}) {
    const started = Date.now();
    const headers = { accept, ...(auth ? { authorization: auth } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
    let res;
    try {
      const answer = await fetch(`${gatewayUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(HANG_MS) });
      const text = await answer.text();
      let parsed;
      try { parsed = text ? JSON.parse(text) : undefined; } catch { parsed = text; }
      res = { status: answer.status, body: parsed, retryAfter: answer.headers.get('retry-after') };
      res.outcome = classify(res, expected);
    } catch (err) {
      const hang = err.name === 'TimeoutError';
      res = { status: 0, body: undefined, outcome: hang ? 'hang' : 'refused', error: hang ? `no answer within ${HANG_MS} ms` : (err.cause?.code ?? err.message) };
    }
    res.ms = Date.now() - started;
    const detail = res.status ? `${method} ${path.split('?')[0]} → ${res.status} ${res.body?.error ?? ''} ${res.body?.message ?? ''}`.trim() : `${method} ${path.split('?')[0]} → ${res.error}`;
    record(res.outcome, detail, res.ms);
    return res;
  }
  return { request };
}

module.exports = { gatewayClient, basic, HANG_MS };
