import type { IApplication } from '@c8y/client';
import { ErrorBanner } from '../../components/feedback';
import { NameFilter } from '../../components/name-filter';
import { PagedTable } from '../../components/paged-table';
import type { Column } from '../../components/table';
import { errorMessage } from '../../errors';
import { pageOf, pageParams } from '../../paging';
import { useInterval, useLoad, useSession } from '../../hooks';
import { requestJson } from '../../rest';
import { href, type Route } from '../../routing';
import { StatusBadge } from './status-badge';
import { healthSummary, STATUS_POLL_MS, type ApplicationStatus } from './status';

interface Row { app: IApplication; status?: ApplicationStatus; statusError?: string }

const COLUMNS: Column<Row>[] = [
  { title: 'Name', cell: (r) => <a href={href(['microservices', String(r.app.id)])}>{r.app.name}</a> },
  { title: 'Status', cell: (r) => (r.status ? <StatusBadge status={r.status.status} /> : <span className="hint">{r.statusError}</span>) },
  { title: 'Version', cell: (r) => r.status?.version },
  { title: 'Instances', cell: (r) => (r.status ? healthSummary(r.status) : undefined) },
  { title: 'Restarts', cell: (r) => r.status?.restarts },
  { title: 'Owner', cell: (r) => r.app.owner?.tenant?.id },
];

/** The tenant's microservices with their deployment status, refreshed while the page is open. */
export function MicroservicesPage({ route }: { route: Route }) {
  const { client } = useSession();
  const page = pageOf(route.query);
  const name = route.query.get('name') ?? '';
  const list = useLoad(async () => {
    const { data, paging } = await client.application.list({ type: 'MICROSERVICE', ...(name ? { name } : {}), ...pageParams(page) });
    const rows = await Promise.all(data.map(async (app): Promise<Row> => {
      try {
        return { app, status: await requestJson<ApplicationStatus>(client, `/application/applications/${app.id}/status`) };
      } catch (err) {
        return { app, statusError: errorMessage(err) };
      }
    }));
    return { rows, totalPages: paging?.totalPages };
  }, `${page}\n${name}`);
  useInterval(list.reload, STATUS_POLL_MS);

  return (
    <section aria-labelledby="microservices-title">
      <h1 id="microservices-title">Microservices</h1>
      <NameFilter label="Name" hint="The exact name; empty lists every microservice" value={name}
        onSearch={(text) => { window.location.hash = href(['microservices'], { name: text }); }} />
      <ErrorBanner message={list.error} />
      <PagedTable caption="Microservices and their status" columns={COLUMNS} rows={list.data?.rows} rowKey={(r) => String(r.app.id)}
        loading={list.loading} loadingWhat="microservices" emptyText="The tenant has no microservice applications."
        page={page} totalPages={list.data?.totalPages} onPage={(next) => { window.location.hash = href(['microservices'], { name, page: next }); }} />
    </section>
  );
}
