import { serviceUnavailable } from './domain-error';

/** Errors of the store, Redis and Kafka clients that mean "cannot reach it now", by class name (no driver is loaded here). */
const UNREACHABLE = new Set([
  'MongoServerSelectionError', 'MongoNetworkError', 'MongoNetworkTimeoutError', 'MongoNotConnectedError',
  'MongoTopologyClosedError', 'MongoPoolClearedError', 'MaxRetriesPerRequestError',
  'KafkaJSConnectionError', 'KafkaJSNumberOfRetriesExceeded', 'KafkaJSRequestTimeoutError', 'KafkaJSBrokerNotFound',
]);
/** Mongoose's commands queued while disconnected ("buffering timed out"), ioredis's on a closed connection. */
const UNREACHABLE_MESSAGE = /buffering timed out after|^Connection is closed\.?$/;

/**
 * Whether `error`, or an error it wraps (`cause`; the store's bulk write errors keep the driver's
 * in `errorResponse`), says a store, Redis or Kafka could not be reached: an outage the client can
 * retry after, not a fault of the request.
 */
export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  if (UNREACHABLE.has(error.name) || UNREACHABLE_MESSAGE.test(error.message)) return true;
  const wrapped = error as { cause?: unknown; errorResponse?: unknown };
  return isDependencyUnavailable(wrapped.cause, depth + 1) || isDependencyUnavailable(wrapped.errorResponse, depth + 1);
}

/** The 503 for a request that failed because a dependency was unreachable. */
export const dependencyUnavailable = () => serviceUnavailable('A service this request needs is not available, retry later');
