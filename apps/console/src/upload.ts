import { errorMessage, RequestError } from './errors';
import { parseBody } from './rest';

/**
 * An upload with progress (a ZIP to `POST …/binaries`): the bytes go out with XMLHttpRequest, whose
 * `upload` events report what was sent (fetch reports nothing); then the platform checks the archive
 * before it answers. The states and their transitions are pure, so they are tested without a browser.
 */
export type UploadState =
  | { phase: 'idle' }
  | { phase: 'sending'; sent: number; total: number }
  | { phase: 'checking'; sent: number; total: number }
  | { phase: 'done'; sent: number; total: number; answer: unknown }
  | { phase: 'failed'; sent: number; total: number; message: string }
  | { phase: 'cancelled'; sent: number; total: number };

export type UploadEvent =
  | { type: 'start'; total: number }
  | { type: 'progress'; loaded: number; total: number }
  /** Every byte of the request is out: the platform is checking the archive. */
  | { type: 'sent' }
  | { type: 'answer'; status: number; text: string }
  | { type: 'network-error' }
  | { type: 'abort' };

const FINISHED = new Set<UploadState['phase']>(['done', 'failed', 'cancelled']);

export const isFinished = (state: UploadState) => FINISHED.has(state.phase);

export function nextUploadState(state: UploadState, event: UploadEvent): UploadState {
  if (event.type === 'start') return { phase: 'sending', sent: 0, total: event.total };
  // Events after the end (an abort after the answer) and before the start change nothing.
  if (state.phase === 'idle' || isFinished(state)) return state;
  const { sent, total } = state;
  switch (event.type) {
    case 'progress': {
      // The request's size (multipart framing included) replaces the file's size once the browser knows it.
      const size = event.total > 0 ? event.total : total;
      const loaded = Math.min(Math.max(event.loaded, sent), size);
      return state.phase === 'checking' ? state : { phase: 'sending', sent: loaded, total: size };
    }
    case 'sent':
      return { phase: 'checking', sent: total, total };
    case 'answer':
      if (event.status >= 200 && event.status < 300) return { phase: 'done', sent: total, total, answer: parseBody(event.text) };
      return { phase: 'failed', sent, total, message: errorMessage(new RequestError(event.status, parseBody(event.text))) };
    case 'network-error':
      return { phase: 'failed', sent, total, message: errorMessage(new RequestError(0, undefined)) };
    case 'abort':
      return { phase: 'cancelled', sent, total };
  }
}

/** The multipart body: the archive in the part `file`, under its own file name (docs/api/applications.md). */
export function uploadForm(file: Blob, fileName: string): FormData {
  const form = new FormData();
  form.append('file', file, fileName);
  return form;
}

/**
 * The session's authentication headers for the upload, asking for JSON; any content type is left
 * out, so that the browser sets `multipart/form-data` with its boundary.
 */
export function uploadHeaders(auth: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(auth)) {
    if (value === undefined || value === null || name.toLowerCase() === 'content-type' || name.toLowerCase() === 'accept') continue;
    headers[name] = String(value);
  }
  headers.Accept = 'application/json';
  return headers;
}

/** A byte count as people read it: `512 B`, `1.5 KiB`, `12.3 MiB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

export interface RunningUpload {
  /** Stops sending (xhr.abort()); the state becomes `cancelled`. */
  cancel(): void;
  /** The final state: done, failed or cancelled. */
  finished: Promise<UploadState>;
}

/** Sends `file` to `url` as the multipart part `file`, reporting every state change to `onState`. */
export function startUpload(url: string, file: File, headers: Record<string, string>, onState: (state: UploadState) => void): RunningUpload {
  const xhr = new XMLHttpRequest();
  let state: UploadState = { phase: 'idle' };
  let finish: (state: UploadState) => void = () => undefined;
  const finished = new Promise<UploadState>((resolve) => { finish = resolve; });
  const apply = (event: UploadEvent) => {
    state = nextUploadState(state, event);
    onState(state);
    if (isFinished(state)) finish(state);
  };
  xhr.upload.addEventListener('progress', (e) => apply({ type: 'progress', loaded: e.loaded, total: e.lengthComputable ? e.total : 0 }));
  xhr.upload.addEventListener('load', () => apply({ type: 'sent' }));
  xhr.addEventListener('load', () => apply({ type: 'answer', status: xhr.status, text: xhr.responseText }));
  xhr.addEventListener('error', () => apply({ type: 'network-error' }));
  xhr.addEventListener('abort', () => apply({ type: 'abort' }));
  xhr.open('POST', url);
  for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
  apply({ type: 'start', total: file.size });
  xhr.send(uploadForm(file, file.name));
  return { cancel: () => xhr.abort(), finished };
}
