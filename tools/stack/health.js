// Polls the apps' internal /health endpoints.
const { APPS, portOf } = require('./apps');

async function health(app, env) {
  try {
    const res = await fetch(`http://127.0.0.1:${portOf(app, env)}/health`, { signal: AbortSignal.timeout(3000) });
    const body = await res.json().catch(() => ({}));
    return { up: res.status === 200 && body.status === 'UP', body };
  } catch (err) {
    return { up: false, body: { reason: err.cause?.code || err.message } };
  }
}

async function waitHealthy(app, env, timeoutMs, isAlive) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    if (!isAlive()) return { up: false, body: { reason: 'the process exited' } };
    last = await health(app, env);
    if (last.up) return last;
    await new Promise((r) => setTimeout(r, 300));
  }
  return last;
}

module.exports = { APPS, health, waitHealthy };
