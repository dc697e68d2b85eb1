import { useEffect, useState } from 'react';
import { Loading } from './components/feedback';
import { SessionContext, useRoute } from './hooks';
import { AccountPage } from './pages/account/account-page';
import { LoginPage } from './pages/login';
import { visiblePages } from './pages';
import { href } from './routing';
import { resume, type Session } from './session';

/** The console: the login page until someone signs in, then the navigation and the page the URL names. */
export function App() {
  const [session, setSession] = useState<Session | null>();
  useEffect(() => {
    resume().then((resumed) => setSession(resumed ?? null));
  }, []);
  if (session === undefined) return <Loading what="the console" />;
  if (session === null) return <LoginPage onLogin={setSession} />;
  return (
    <SessionContext.Provider value={session}>
      <Shell session={session} onLogout={() => session.logout().finally(() => setSession(null))} />
    </SessionContext.Provider>
  );
}

const ACCOUNT_PATH = 'account';

function Shell({ session, onLogout }: { session: Session; onLogout(): void }) {
  const route = useRoute();
  const pages = visiblePages(session);
  // The account page is reached from the header, not the navigation.
  const onAccount = route.segments[0] === ACCOUNT_PATH;
  const current = onAccount ? undefined : pages.find((p) => p.path === route.segments[0]) ?? pages[0];
  useEffect(() => {
    document.title = `${current?.title ?? 'My account'} · Berth administration`;
  }, [current]);
  const Page = current?.component;
  const Detail = current?.detail;
  const id = route.segments[1];
  return (
    <div className="shell">
      <a className="skip" href="#main" onClick={skipToContent}>Skip to content</a>
      <header>
        <span className="brand">Berth administration</span>
        <span className="who">{session.user.userName ?? session.user.id} @ {session.tenant}</span>
        <a className="header-link" href={href([ACCOUNT_PATH])} aria-current={onAccount ? 'page' : undefined}>My account</a>
        <button type="button" onClick={onLogout}>Sign out</button>
      </header>
      <nav aria-label="Sections">
        <ul>
          {pages.map((p) => (
            <li key={p.path}><a href={href([p.path])} aria-current={p === current ? 'page' : undefined}>{p.title}</a></li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        {Detail && id ? <Detail key={id} id={id} /> : Page ? <Page route={route} /> : <AccountPage onSignOut={onLogout} />}
      </main>
    </div>
  );
}

/** Moves the focus to the page's content; the fragment stays the page's route. */
function skipToContent(event: React.MouseEvent) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}
