// What the gateway benchmark asks of its trivial upstream over IPC (trivial-upstream.js).

/** How many requests the upstream has answered so far. */
function upstreamServed(upstream) {
  return new Promise((resolve) => { upstream.child.once('message', (m) => resolve(m.served)); upstream.child.send('count'); });
}

/** Starts an alternating load's turns (trivial-upstream.js, `alternate`). */
function startAlternating(upstream, alternate) {
  upstream.child.send({ alternate });
}

/** Ends the alternating load's turns; resolves with its slices. */
function stopAlternating(upstream) {
  return new Promise((resolve) => { upstream.child.once('message', (m) => resolve(m.slices)); upstream.child.send('stop'); });
}

module.exports = { upstreamServed, startAlternating, stopAlternating };
