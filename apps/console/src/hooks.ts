import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { errorMessage } from './errors';
import { parseRoute, type Route } from './routing';
import type { Session } from './session';

export const SessionContext = createContext<Session | undefined>(undefined);

/** The signed-in session; pages are only rendered inside one. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a session');
  return session;
}

/** The current route, following the URL's fragment. */
export function useRoute(): Route {
  const [hash, setHash] = useState(window.location.hash);
  useEffect(() => {
    const follow = () => setHash(window.location.hash);
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return parseRoute(hash);
}

/** `reload()` settles once the page shows what the new load answered, so a caller can say "saved" only then. */
export interface Loaded<T> { data?: T; error?: string; loading: boolean; reload(): Promise<void> }

/** Loads data for a page (again whenever `key` changes, or on `reload()`), with its loading and error states. */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  const waiting = useRef<(() => void)[]>([]);
  useEffect(() => {
    let current = true;
    const settles = waiting.current.splice(0);
    const settle = (next: { data?: T; error?: string }) => {
      if (!current) return;
      setState({ ...next, loading: false });
      for (const done of settles) done();
    };
    setState((s) => ({ ...s, loading: true }));
    load().then((data) => settle({ data }), (err: unknown) => settle({ error: errorMessage(err) }));
    return () => {
      // A newer load replaces this one: whoever waited for this one waits for that one.
      current = false;
      waiting.current.push(...settles);
    };
    // `key` names everything `load` depends on: a new `load` closure alone loads nothing again.
  }, [key, round]);
  const reload = useCallback(() => new Promise<void>((done) => {
    waiting.current.push(done);
    setRound((r) => r + 1);
  }), []);
  return { ...state, reload };
}

/** Runs an action (a write) with its busy flag and its error message; answers whether it succeeded. */
export function useAction(): { busy: boolean; error?: string; run(action: () => Promise<unknown>): Promise<boolean>; clear(): void } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const run = useCallback(async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      return true;
    } catch (err) {
      setError(errorMessage(err));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run, clear: () => setError(undefined) };
}

/** Calls `tick` every `ms` milliseconds while the component is mounted and `active` holds (polling a page's data). */
export function useInterval(tick: () => void, ms: number, active = true): void {
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setInterval(() => latest.current(), ms);
    return () => window.clearInterval(timer);
  }, [ms, active]);
}
