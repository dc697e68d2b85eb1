import { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { workContext } from '@berth/messaging';
import { RawExchanges, UNMATCHED_ROUTE } from '@berth/runtime';
import type { Logger } from 'pino';
import { ANSWERED, GatewayExchange, Step } from './exchange';

/** What runs the steps: the exchanges (correlation, error answers) and, for any refusal, what its answer needs first (the CORS headers). */
export interface PipelineParts {
  exchanges: RawExchanges;
  /** Runs before a refusal is answered, whichever step refused. */
  beforeRefusal: Step;
}

/** A step with its name, for the reader and for tests that follow a request through the steps. */
export type NamedStep = readonly [name: string, step: Step];

/**
 * Runs every request that reaches the gateway, HTTP or upgrade (WebSocket), through the steps in
 * their order (pipeline.ts). A step that returns synchronously costs no promise hop; a refusal,
 * from any step, is answered with the error resource.
 */
export class Pipeline {
  private readonly steps: readonly Step[];

  constructor(steps: readonly NamedStep[], private readonly parts: PipelineParts) {
    const logger = parts.exchanges.logger;
    this.steps = logger.isLevelEnabled('trace') ? steps.map(([name, step]) => traced(logger, name, step)) : steps.map(([, step]) => step);
  }

  /** The server's `request` listener. */
  readonly request = (req: IncomingMessage, res: ServerResponse): void => {
    this.start(req, res, undefined);
  };

  /**
   * The server's `upgrade` listener: the upgrade request gets a response on its own socket, so its
   * refusals are the same answers as any request's; the route step splices the sockets when it goes on.
   */
  readonly upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    const res = new ServerResponse(req);
    res.assignSocket(socket as Socket);
    res.shouldKeepAlive = false;
    res.once('finish', () => socket.end());
    this.start(req, res, { socket, head });
  };

  private start(req: IncomingMessage, res: ServerResponse, upgrade: GatewayExchange['upgrade']): void {
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const ex: GatewayExchange = {
      req, res, id: '', route: UNMATCHED_ROUTE, base: '', upgrade, headers: {},
      path: queryAt === -1 ? url : url.slice(0, queryAt), query: queryAt === -1 ? '' : url.slice(queryAt),
      work: { correlationId: '', processingMode: 'PERSISTENT' },
    };
    workContext.run(ex.work, this.runAll, ex);
  }

  private readonly runAll = (ex: GatewayExchange): void => this.runFrom(ex, 0);

  private runFrom(ex: GatewayExchange, first: number): void {
    const { steps } = this;
    for (let i = first; i < steps.length; i++) {
      let result;
      try {
        result = steps[i](ex);
      } catch (err) {
        return this.refuse(ex, err);
      }
      if (result === ANSWERED) return;
      if (result !== undefined) {
        const next = i + 1;
        result.then((done) => { if (done !== ANSWERED) this.runFrom(ex, next); }, (err: unknown) => this.refuse(ex, err));
        return;
      }
    }
  }

  private refuse(ex: GatewayExchange, err: unknown): void {
    const fail = () => this.parts.exchanges.fail(ex, err);
    let ready;
    try {
      ready = this.parts.beforeRefusal(ex);
    } catch {
      return fail();
    }
    if (ready instanceof Promise) ready.then(fail, fail);
    else fail();
  }
}

/** At log level `trace`, each step writes a line (`pipeline step`, with its name) once it has run its synchronous part; otherwise steps run bare. */
function traced(logger: Logger, name: string, step: Step): Step {
  return (ex) => {
    try {
      return step(ex);
    } finally {
      logger.trace({ correlationId: ex.id, step: name }, 'pipeline step');
    }
  };
}
