import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { IApplication } from '@c8y/client';
import { ErrorBanner, ProgressBar } from '../../components/feedback';
import { Field } from '../../components/field';
import { useSession } from '../../hooks';
import { formatBytes, isFinished, startUpload, uploadHeaders, type RunningUpload, type UploadState } from '../../upload';

/**
 * Uploads a ZIP as a new version (`POST …/binaries`, the archive in the part `file`): a bar of the
 * bytes sent, then "Checking the archive…" while the platform validates it, then its answer.
 */
export function BinaryUpload({ app, onUploaded }: { app: IApplication; onUploaded(): void }) {
  const session = useSession();
  const [file, setFile] = useState<File>();
  const [over, setOver] = useState(false);
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const running = useRef<RunningUpload>(undefined);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => running.current?.cancel(), []);
  const busy = state.phase === 'sending' || state.phase === 'checking';

  function choose(chosen: File | undefined) {
    setFile(chosen);
    if (isFinished(state)) setState({ phase: 'idle' });
  }

  async function upload(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return;
    const url = `/application/applications/${encodeURIComponent(String(app.id))}/binaries`;
    // Each state is drawn as it happens: "Checking the archive…" shows even when the answer follows the last byte at once.
    running.current = startUpload(url, file, uploadHeaders(session.authHeaders()), (next) => flushSync(() => setState(next)));
    const final = await running.current.finished;
    running.current = undefined;
    if (final.phase === 'done') {
      setFile(undefined);
      if (input.current) input.current.value = '';
      onUploaded();
    }
  }

  return (
    <form className="card" onSubmit={upload} aria-labelledby="upload-title">
      <h2 id="upload-title">Upload a version</h2>
      <div
        className={over ? 'drop-zone over' : 'drop-zone'}
        onDragOver={(e) => { e.preventDefault(); setOver(true); }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => { e.preventDefault(); setOver(false); if (!busy) choose(e.dataTransfer.files[0]); }}
      >
        <Field label="Archive (ZIP)" hint={`Drop a ZIP here or choose one. ${app.type === 'MICROSERVICE' ? 'It holds cumulocity.json and image.tar.' : 'It holds index.html.'}`}>
          {(id) => <input id={id} ref={input} type="file" accept=".zip,application/zip" disabled={busy} onChange={(e) => choose(e.target.files?.[0])} />}
        </Field>
        {file && <p>Chosen: {file.name} ({formatBytes(file.size)})</p>}
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={!file || busy}>Upload</button>
        {busy && <button type="button" onClick={() => running.current?.cancel()}>Cancel upload</button>}
      </div>
      <UploadProgress state={state} />
    </form>
  );
}

function UploadProgress({ state }: { state: UploadState }) {
  if (state.phase === 'idle') return null;
  return (
    <div className="upload-progress">
      <ProgressBar label="Upload progress" done={state.sent} total={state.total} />
      {state.phase === 'sending' && <p className="hint">{formatBytes(state.sent)} of {formatBytes(state.total)} sent</p>}
      {state.phase === 'checking' && <p role="status" className="checking"><span className="spinner" aria-hidden="true" />Checking the archive…</p>}
      {state.phase === 'done' && <p role="status">{uploadedText(state.answer)}</p>}
      {state.phase === 'cancelled' && <p role="status">Upload cancelled.</p>}
      {state.phase === 'failed' && <ErrorBanner message={state.message} />}
    </div>
  );
}

/** What the upload's answer (the Application) says: the version it made active. */
function uploadedText(answer: unknown): string {
  const app = answer as Partial<IApplication> | undefined;
  const version = app?.applicationVersions?.find((v) => v.binaryId === app.activeVersionId)?.version;
  return version ? `Version ${version} uploaded and activated.` : 'Uploaded and activated.';
}
