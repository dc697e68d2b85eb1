import { useState } from 'react';
import type { Client, IApplication } from '@c8y/client';
import { ErrorBanner } from '../../components/feedback';
import { Field } from '../../components/field';
import { PagedTable } from '../../components/paged-table';
import type { Column } from '../../components/table';
import { useAction, useLoad, useSession } from '../../hooks';
import { pageOf, pageParams, readAllPages, WHOLE_PAGE_SIZE } from '../../paging';
import { holdsAny, PAGE_ROLES } from '../../permissions';
import { requestJson } from '../../rest';
import { href, type Route } from '../../routing';
import { describeDependency, dependenciesOf, missingDependencies } from './dependencies';

/** A tenant's subscription (docs/api/subscriptions.md#the-applicationreference-resource). */
interface Reference {
  self?: string;
  application: IApplication;
  acceptedRoles?: string[];
  pendingRoles?: string[];
}

const MANAGEMENT = 'management';
/** The subscriptions are read whole, this many a request: subscribing needs all their names for the dependency check. */
const REFERENCES_PAGE = 100;

function allReferences(client: Client, tenant: string): Promise<Reference[]> {
  return readAllPages(async (params) => {
    const { references = [] } = await requestJson<{ references?: Reference[] }>(client, `/tenant/tenants/${encodeURIComponent(tenant)}/applications`, { params });
    return references;
  }, REFERENCES_PAGE);
}

/**
 * The applications a tenant subscribes to, and those it may subscribe to, with their dependencies.
 * The management tenant picks the tenant (`#/subscriptions?tenant=<id>`); any other manages its own.
 */
export function SubscriptionsPage({ route }: { route: Route }) {
  const session = useSession();
  const managesOthers = session.tenant === MANAGEMENT && holdsAny(session.roles, PAGE_ROLES.tenantRead);
  const tenant = (managesOthers && route.query.get('tenant')) || session.tenant;
  const [revision, setRevision] = useState(0);
  const subscribed = useLoad(() => allReferences(session.client, tenant), `${tenant}:${revision}`);
  const changed = () => setRevision((r) => r + 1);

  return (
    <section aria-labelledby="subscriptions-title">
      <h1 id="subscriptions-title">Subscriptions</h1>
      {managesOthers && <TenantPicker tenant={tenant} />}
      <Subscribed tenant={tenant} loaded={subscribed} onChanged={changed} />
      {subscribed.data && <Available route={route} tenant={tenant} subscribed={subscribed.data} onChanged={changed} />}
    </section>
  );
}

function TenantPicker({ tenant }: { tenant: string }) {
  const { client } = useSession();
  const tenants = useLoad(() => client.tenant.list({ pageSize: WHOLE_PAGE_SIZE }).then((r) => r.data.map((t) => String(t.id))), 'tenants');
  const ids = [MANAGEMENT, ...(tenants.data ?? []).filter((id) => id !== MANAGEMENT)];
  if (!ids.includes(tenant)) ids.push(tenant);
  return (
    <div className="filters">
      <Field label="Tenant" hint="The management tenant manages every tenant's subscriptions">
        {(id) => (
          <select id={id} value={tenant} onChange={(e) => { window.location.hash = href(['subscriptions'], { tenant: e.target.value === MANAGEMENT ? undefined : e.target.value }); }}>
            {ids.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        )}
      </Field>
      <ErrorBanner message={tenants.error} />
    </div>
  );
}

function Subscribed({ tenant, loaded, onChanged }: { tenant: string; loaded: ReturnType<typeof useLoad<Reference[]>>; onChanged(): void }) {
  const { client } = useSession();
  const action = useAction();
  const unsubscribe = async (ref: Reference) => {
    if (await action.run(() => requestJson(client, `/tenant/tenants/${encodeURIComponent(tenant)}/applications/${encodeURIComponent(String(ref.application.id))}`, { method: 'DELETE' }))) onChanged();
  };
  const columns: Column<Reference>[] = [
    { title: 'Name', cell: (r) => <a href={href(['applications', String(r.application.id)])}>{r.application.name}</a> },
    { title: 'Type', cell: (r) => r.application.type },
    { title: 'Owner', cell: (r) => r.application.owner?.tenant?.id },
    { title: 'Roles', cell: (r) => roles(r) },
    { title: 'Actions', cell: (r) => <button type="button" disabled={action.busy} onClick={() => unsubscribe(r)} aria-label={`Unsubscribe ${r.application.name}`}>Unsubscribe</button> },
  ];
  return (
    <section aria-labelledby="subscribed-title">
      <h2 id="subscribed-title">Subscribed by {tenant}</h2>
      <ErrorBanner message={loaded.error ?? action.error} onDismiss={action.error ? action.clear : undefined} />
      <PagedTable caption={`Applications subscribed by ${tenant}`} columns={columns} rows={loaded.data} rowKey={(r) => String(r.application.id)}
        loading={loaded.loading} loadingWhat="subscriptions" emptyText="The tenant subscribes to no application." />
    </section>
  );
}

function roles(ref: Reference): string {
  if (ref.application.type !== 'MICROSERVICE') return '';
  const accepted = ref.acceptedRoles?.length ? ref.acceptedRoles.join(', ') : 'none';
  return ref.pendingRoles?.length ? `${accepted}; pending: ${ref.pendingRoles.join(', ')}` : accepted;
}

/** The applications the signed-in person sees, paged and filtered by name; subscribing shows the dependencies first. */
function Available({ route, tenant, subscribed, onChanged }: { route: Route; tenant: string; subscribed: Reference[]; onChanged(): void }) {
  const { client, tenant: own } = useSession();
  const page = pageOf(route.query);
  const name = route.query.get('name') ?? '';
  const [search, setSearch] = useState(name);
  const [chosen, setChosen] = useState<IApplication>();
  const list = useLoad(
    () => client.application.list({ ...pageParams(page), ...(name ? { name } : {}) }),
    `${page}:${name}`,
  );
  const subscribedIds = new Set(subscribed.map((r) => String(r.application.id)));
  const go = (next: { page?: number; name?: string }) => {
    window.location.hash = href(['subscriptions'], { tenant: route.query.get('tenant') ?? undefined, name: next.name ?? name, page: next.page ?? 1 });
  };
  const columns: Column<IApplication>[] = [
    { title: 'Name', cell: (a) => a.name },
    { title: 'Type', cell: (a) => a.type },
    { title: 'Availability', cell: (a) => a.availability },
    { title: 'Owner', cell: (a) => a.owner?.tenant?.id },
    { title: 'Needs', cell: (a) => dependenciesOf(a).map(describeDependency).join('; ') },
    {
      title: 'Actions',
      cell: (a) => (subscribedIds.has(String(a.id))
        ? 'Subscribed'
        : <button type="button" onClick={() => setChosen(a)} aria-label={`Subscribe ${a.name}`}>Subscribe…</button>),
    },
  ];

  return (
    <section aria-labelledby="available-title">
      <h2 id="available-title">Applications to subscribe to</h2>
      {tenant !== own && <p className="hint">These are the applications your tenant sees; the platform subscribes {tenant} only to those offered to it.</p>}
      <form className="filters" onSubmit={(e) => { e.preventDefault(); go({ name: search.trim() }); }}>
        <Field label="Application name">{(id) => <input id={id} value={search} onChange={(e) => setSearch(e.target.value)} />}</Field>
        <button type="submit">Filter</button>
      </form>
      {chosen && <Subscribe key={String(chosen.id)} tenant={tenant} app={chosen} subscribed={subscribed} onDone={(done) => { setChosen(undefined); if (done) onChanged(); }} />}
      <ErrorBanner message={list.error} />
      <PagedTable caption="Applications to subscribe to" columns={columns} rows={list.data?.data} rowKey={(a) => String(a.id)}
        loading={list.loading} loadingWhat="applications" emptyText="No application matches."
        page={page} totalPages={list.data?.paging?.totalPages} onPage={(p) => go({ page: p })} />
    </section>
  );
}

/** The confirmation step: what the application needs, which of that the tenant lacks, then the subscribe request. */
function Subscribe({ tenant, app, subscribed, onDone }: { tenant: string; app: IApplication; subscribed: Reference[]; onDone(done: boolean): void }) {
  const { client } = useSession();
  const action = useAction();
  const names = new Set(subscribed.map((r) => String(r.application.name)));
  const needs = dependenciesOf(app);
  const missing = new Set(missingDependencies(app, names).map(describeDependency));

  async function subscribe() {
    const body = { application: { self: app.self, id: app.id } };
    if (await action.run(() => requestJson(client, `/tenant/tenants/${encodeURIComponent(tenant)}/applications`, { method: 'POST', body }))) onDone(true);
  }

  return (
    <div className="card" role="group" aria-labelledby="subscribe-title">
      <h3 id="subscribe-title">Subscribe {tenant} to {app.name}</h3>
      {needs.length === 0
        ? <p>{app.name} needs no other subscription.</p>
        : (
          <ul aria-label={`What ${app.name} needs`}>
            {needs.map((d) => {
              const text = describeDependency(d);
              return <li key={text}>{text}: {missing.has(text) ? <strong className="missing">missing</strong> : 'subscribed'}</li>;
            })}
          </ul>
        )}
      {missing.size > 0 && <p className="notice">Subscribe {[...missing].join(', ')} first: the platform refuses this subscription without it.</p>}
      <ErrorBanner message={action.error} onDismiss={action.clear} />
      <div className="actions">
        <button type="button" className="primary" disabled={action.busy} onClick={subscribe}>Subscribe</button>
        <button type="button" onClick={() => onDone(false)}>Cancel</button>
      </div>
    </div>
  );
}
