/** The states every page shows the same way: loading, an error from the platform, nothing to show, progress. */

export function Loading({ what }: { what: string }) {
  return <p className="loading" role="status" aria-live="polite">Loading {what}…</p>;
}

export function ErrorBanner({ message, onDismiss }: { message?: string; onDismiss?: () => void }) {
  if (!message) return null;
  return (
    <div className="error" role="alert">
      <span>{message}</span>
      {onDismiss && <button type="button" className="link" onClick={onDismiss} aria-label="Dismiss the error">×</button>}
    </div>
  );
}

export function Empty({ children }: { children: React.ReactNode }) {
  return <p className="empty">{children}</p>;
}

/** A determinate progress bar (an upload's bytes sent), announced to screen readers. */
export function ProgressBar({ label, done, total }: { label: string; done: number; total: number }) {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <div className="progress">
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="progress-track">
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="progress-text">{percent}%</span>
    </div>
  );
}
