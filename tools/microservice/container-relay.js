// Hosted containers sit on the engine's bridge network and cannot reach the host's loopback, where
// a local stack's gateway listens. This relay listens on the bridge's gateway address and passes
// each TCP connection to the gateway on loopback, so a stack can give containers
// BERTH_MICROSERVICE_BASEURL = the relay and hosted microservices reach the platform.
const net = require('node:net');

/** The gateway address of the engine's first bridge network (Docker's `bridge`, Podman's `podman`), or undefined. */
async function bridgeGateway(dockerHost = process.env.DOCKER_HOST) {
  if (!dockerHost?.startsWith('unix://')) return undefined;
  const http = require('node:http');
  const body = await new Promise((resolve, reject) => {
    const req = http.get({ socketPath: dockerHost.slice('unix://'.length), path: '/networks', timeout: 5000 }, (res) => {
      let text = '';
      res.on('data', (c) => { text += c; }).on('end', () => resolve(text));
    });
    req.on('error', reject).on('timeout', () => req.destroy(new Error('engine did not answer')));
  });
  const networks = JSON.parse(body);
  for (const n of networks.filter((x) => x.Driver === 'bridge')) {
    const gateway = n.IPAM?.Config?.find((c) => c.Gateway)?.Gateway;
    if (gateway) return gateway;
  }
  return undefined;
}

/**
 * Listens on the bridge gateway's `port` (the engine at `dockerHost`) and relays to `127.0.0.1:targetPort`.
 * On a fresh machine the bridge's address exists only once the engine has started its first
 * container: until then the relay tries to listen again every `retryMs`, so the first container
 * finds it there (the address is the network's, known before the interface is up).
 * @returns { url, close() } or undefined when there is no bridge to listen on (reason in `onSkip`).
 */
async function startContainerRelay(targetPort, port, onSkip = () => undefined, dockerHost = process.env.DOCKER_HOST, retryMs = 200) {
  let host;
  try {
    host = await bridgeGateway(dockerHost);
  } catch (err) {
    onSkip(`engine networks unreadable: ${err.message}`);
    return undefined;
  }
  if (!host) { onSkip('no bridge network with a gateway'); return undefined; }
  const sockets = new Set();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(targetPort, '127.0.0.1');
    sockets.add(inbound).add(outbound);
    const drop = () => { inbound.destroy(); outbound.destroy(); sockets.delete(inbound); sockets.delete(outbound); };
    inbound.on('error', drop).on('close', drop);
    outbound.on('error', drop).on('close', drop);
    inbound.pipe(outbound).pipe(inbound);
  });
  const listen = () => new Promise((resolve, reject) => {
    const ok = () => { server.off('error', failed); resolve(); };
    const failed = (err) => { server.off('listening', ok); reject(err); };
    server.once('listening', ok).once('error', failed).listen(port, host);
  });
  const refused = (err) => onSkip(`cannot listen on ${host}:${port}: ${err.message}`);
  let retry;
  let closed = false;
  const listenLater = () => {
    retry = setTimeout(() => listen().catch((err) => {
      if (err.code === 'EADDRNOTAVAIL' && !closed) listenLater();
      else if (!closed) refused(err);
    }), retryMs);
    retry.unref();
  };
  try {
    await listen();
  } catch (err) {
    if (err.code !== 'EADDRNOTAVAIL') {
      refused(err);
      return undefined;
    }
    listenLater();
  }
  return {
    url: `http://${host}:${port}`,
    close: () => new Promise((resolve) => {
      closed = true;
      clearTimeout(retry);
      for (const s of sockets) s.destroy();
      if (server.listening) server.close(() => resolve()); else resolve();
    }),
  };
}

module.exports = { startContainerRelay, bridgeGateway };
