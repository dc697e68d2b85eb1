import { connect } from 'node:net';

/** An HTTP answer read off a raw socket: status, lower-cased headers and the parsed body. */
export interface RawAnswer { status: number; headers: Record<string, string>; body: any; closed: boolean }

/**
 * Writes `head` (a request's line and headers, as given) to the server at `url`, then, every
 * `trickleMs` while the connection stays open, one more header line (a client too slow to finish
 * its headers); resolves with what the server answered once it closes the connection, or after
 * `giveUpMs` with `closed: false`.
 */
export function rawRequest(url: string, head: string, { trickleMs = 0, giveUpMs = 30_000 } = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    let n = 0;
    const trickle = trickleMs > 0 ? setInterval(() => socket.write(`x-slow-${n++}: 1\r\n`), trickleMs) : undefined;
    const finish = (closed: boolean) => {
      clearInterval(trickle);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ ...parse(received), closed });
    };
    const giveUp = setTimeout(() => finish(false), giveUpMs);
    socket.on('data', (d) => (received += d.toString('utf8')));
    socket.on('close', () => finish(true));
    socket.on('error', (err) => (received ? undefined : reject(err)));
    socket.write(head);
  });
}

function parse(text: string): Omit<RawAnswer, 'closed'> {
  const [head, ...rest] = text.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  const body = rest.join('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body: body ? JSON.parse(body) : undefined };
}
