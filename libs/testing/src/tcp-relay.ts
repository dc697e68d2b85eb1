import { connect, createServer, Server, Socket } from 'node:net';

/** Where a trapped connection is cut: before its request reaches the server, or after the server took it and before its answer reaches the client. */
export type CutPoint = 'request' | 'answer';

/** What marks the connection to cut: bytes its client sends, or a test of each chunk it sends. */
export type CutMarker = string | ((chunk: Buffer) => boolean);

interface Trap { matches: (chunk: Buffer) => boolean; at: CutPoint; cut: () => void }

/**
 * A TCP relay on 127.0.0.1 in front of a real server (the store, a broker), for tests that cut a
 * client's connection at a chosen point: `cutOn` drops the next connection whose client sends
 * bytes containing a marker (e.g. a collection name in a command), or a chunk that a marker test
 * accepts (e.g. a Kafka request of one API), either before those bytes are passed on or once the
 * server has answered them, with the answer withheld. Every other byte is passed on unchanged,
 * and new connections are accepted as usual.
 */
export class TcpRelay {
  private server?: Server;
  private readonly open = new Set<Socket>();
  private trap?: Trap;
  port = 0;

  constructor(private readonly targetHost: string, private readonly targetPort: number) {}

  async start(): Promise<this> {
    const server = createServer((client) => this.relay(client));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.port = (server.address() as { port: number }).port;
    return this;
  }

  /** Resolves once a connection whose client sent `marker` (or a chunk `marker` accepts) has been cut at `at`. */
  cutOn(marker: CutMarker, at: CutPoint): Promise<void> {
    const bytes = Buffer.from(typeof marker === 'string' ? marker : '');
    const matches = typeof marker === 'string' ? (chunk: Buffer) => chunk.includes(bytes) : marker;
    return new Promise((cut) => (this.trap = { matches, at, cut }));
  }

  async stop(): Promise<void> {
    for (const socket of this.open) socket.destroy();
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }

  private relay(client: Socket) {
    const server = connect(this.targetPort, this.targetHost);
    let cutOnAnswer: (() => void) | undefined;
    const drop = () => {
      client.destroy();
      server.destroy();
      this.open.delete(client);
      this.open.delete(server);
    };
    this.open.add(client).add(server);
    client.on('error', drop).on('close', drop);
    server.on('error', drop).on('close', drop);
    client.on('data', (chunk: Buffer) => {
      const trap = this.trap;
      if (trap && trap.matches(chunk)) {
        this.trap = undefined;
        if (trap.at === 'request') {
          drop();
          trap.cut();
          return;
        }
        cutOnAnswer = trap.cut;
      }
      server.write(chunk);
    });
    server.on('data', (chunk: Buffer) => {
      if (!cutOnAnswer) {
        client.write(chunk);
        return;
      }
      drop();
      cutOnAnswer();
    });
  }
}
