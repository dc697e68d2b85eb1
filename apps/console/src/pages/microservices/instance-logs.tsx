import { useCallback, useEffect, useRef, useState } from 'react';
import { Empty, ErrorBanner, Loading } from '../../components/feedback';
import { Field } from '../../components/field';
import { errorMessage } from '../../errors';
import { useInterval, useSession } from '../../hooks';
import { requestJson } from '../../rest';
import { EMPTY_LOG, logQueryString, readNewLines, shownLines, type FollowedLog, type LogAnswer, type LogQuery } from './log-follow';

/** How often a followed log is read again. */
const FOLLOW_POLL_MS = 2000;

/**
 * The logs of one instance (the first unless another is picked). Follow reads the new lines every
 * few seconds and keeps the newest in view; Pause stops reading.
 */
export function InstanceLogs({ applicationId, instances }: { applicationId: string; instances: string[] }) {
  const { client } = useSession();
  const [picked, setPicked] = useState<string>();
  const instance = picked && instances.includes(picked) ? picked : instances[0];
  const [log, setLog] = useState<FollowedLog>(EMPTY_LOG);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string>();
  const [following, setFollowing] = useState(false);
  const current = useRef({ log: EMPTY_LOG, instance, reading: false });
  const view = useRef<HTMLPreElement>(null);

  const readMore = useCallback(async () => {
    const reading = current.current;
    if (!instance || reading.reading) return;
    reading.reading = true;
    const path = `/application/applications/${encodeURIComponent(applicationId)}/logs/${encodeURIComponent(instance)}`;
    const read = (query: LogQuery) => requestJson<LogAnswer>(client, `${path}?${logQueryString(query)}`);
    try {
      const next = await readNewLines(reading.log, read);
      if (current.current !== reading) return;
      reading.log = next;
      setLog(next);
      setError(undefined);
    } catch (err) {
      if (current.current === reading) setError(errorMessage(err));
    } finally {
      reading.reading = false;
      if (current.current === reading) setLoaded(true);
    }
  }, [client, applicationId, instance]);

  // Another instance starts from nothing; a read still under way for the previous one is dropped.
  useEffect(() => {
    current.current = { log: EMPTY_LOG, instance, reading: false };
    setLog(EMPTY_LOG);
    setLoaded(false);
    setError(undefined);
    void readMore();
  }, [readMore, instance]);
  useInterval(() => void readMore(), FOLLOW_POLL_MS, following && !!instance);
  useEffect(() => {
    if (following && view.current) view.current.scrollTop = view.current.scrollHeight;
  }, [log, following]);

  const lines = shownLines(log);
  return (
    <>
      <h2>Logs</h2>
      {!instance ? <Empty>No instance runs, so there are no logs to show.</Empty> : (
        <>
          <div className="filters">
            <Field label="Instance">
              {(id) => (
                <select id={id} value={instance} onChange={(e) => setPicked(e.target.value)}>
                  {instances.map((name) => <option key={name} value={name}>{name}</option>)}
                </select>
              )}
            </Field>
            <button type="button" onClick={() => setFollowing((f) => !f)}>{following ? 'Pause' : 'Follow'}</button>
            <button type="button" onClick={() => void readMore()} disabled={following}>Refresh</button>
          </div>
          <p className="hint" role="status">{following ? 'Following: new lines are added every few seconds.' : 'Paused.'}</p>
          <ErrorBanner message={error} />
          {!loaded && <Loading what="the logs" />}
          {loaded && lines.length === 0 && <Empty>The instance has written nothing yet.</Empty>}
          {lines.length > 0 && <pre className="logs" ref={view} role="log" aria-label={`Logs of ${instance}`} tabIndex={0}>{lines.join('\n')}</pre>}
        </>
      )}
    </>
  );
}
