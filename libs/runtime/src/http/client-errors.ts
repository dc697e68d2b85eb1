import type { Duplex } from 'node:stream';
import { DomainError, ErrorKind, HttpErrorFilter } from '@berth/http';

const KIND_BY_CODE: Record<string, [ErrorKind, string]> = {
  HPE_HEADER_OVERFLOW: ['Request Header Fields Too Large', 'The request\'s headers are larger than this platform accepts'],
  ERR_HTTP_REQUEST_TIMEOUT: ['Request Timeout', 'The request was not received in time'],
};

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before a request exists (headers
 * too large 431, headers or request not received in time 408, malformed HTTP 400) is answered with
 * the error resource (under the configured `base`: there is no request to take one from) and the
 * security headers, then the connection is closed. Nothing is written when the socket is gone or an answer has begun on it.
 */
export function clientErrorHandler(errors: HttpErrorFilter, security: Readonly<Record<string, string>>, base: string) {
  return (err: NodeJS.ErrnoException, socket: Duplex): void => {
    const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (err.code !== 'ECONNRESET' && !socket.destroyed && socket.writable && !answering) {
      const [kind, message] = KIND_BY_CODE[err.code ?? ''] ?? ['Bad Request', 'The request is not well-formed HTTP'];
      const { status, headers, body } = errors.render(new DomainError('general', kind, message), '', '/', base);
      const json = JSON.stringify(body);
      const lines = Object.entries({ ...security, ...headers, 'content-length': String(Buffer.byteLength(json)), connection: 'close' }).map(([k, v]) => `${k}: ${v}\r\n`);
      socket.write(`HTTP/1.1 ${status} ${kind}\r\n${lines.join('')}\r\n${json}`);
    }
    socket.destroy();
  };
}
