import type { Dispatcher } from 'undici';
import { ensureNotExpired, waitBefore } from '../message-deadline';
import type { OutboundSms } from '../sms-provider';

export type MessageDeadline = Pick<OutboundSms, 'deliveryId' | 'notAfter'>;

/** The longest delay a Node timer takes as given. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One request through `agent` that submits `message`, leaving only while the message's deadline
 * has not passed: the deadline is checked before the request starts and again once its connection
 * is ready (after any wait for it), where a passed one aborts the request before a byte is written;
 * a request still waiting for its connection at the deadline is given up. Each fails with
 * MessageExpiredError.
 */
export async function requestBeforeDeadline(agent: Dispatcher, message: MessageDeadline, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> {
  if (message.notAfter === undefined) return agent.request(options);
  ensureNotExpired(message);
  let writing = false;
  const cutoff = new AbortController();
  const checked = agent.compose((dispatch) => (opts, handler) => dispatch(opts, {
    onRequestStart(controller, context) {
      writing = true;
      handler.onRequestStart?.(controller, context);
      if (controller.aborted) return;
      try {
        ensureNotExpired(message);
      } catch (err) {
        controller.abort(err as Error);
      }
    },
    onRequestUpgrade: (...args) => handler.onRequestUpgrade?.(...args),
    onResponseStart: (...args) => handler.onResponseStart?.(...args),
    onResponseData: (...args) => handler.onResponseData?.(...args),
    onResponseEnd: (...args) => handler.onResponseEnd?.(...args),
    onResponseError: (...args) => handler.onResponseError?.(...args),
  }));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      if (writing) return;
      try {
        ensureNotExpired(message);
      } catch (err) {
        cutoff.abort(err);
        reject(err as Error);
      }
    }, waitBefore(message, MAX_TIMER_MS));
    const signal = options.signal ? AbortSignal.any([options.signal as AbortSignal, cutoff.signal]) : cutoff.signal;
    checked.request({ ...options, signal }).then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
