/** Thrown by a handler to answer an error: `{error, message}` JSON with `status`. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly error = 'microservice/Error') { super(message); }
}
