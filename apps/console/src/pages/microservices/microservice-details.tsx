import type { IApplication } from '@c8y/client';
import { Empty, ErrorBanner, Loading } from '../../components/feedback';
import { Table, type Column } from '../../components/table';
import { useInterval, useLoad, useSession } from '../../hooks';
import { requestJson } from '../../rest';
import { href } from '../../routing';
import { InstanceLogs } from './instance-logs';
import { RuntimeOptions } from './runtime-options';
import { StatusBadge } from './status-badge';
import { downReason, STATUS_MEANING, STATUS_POLL_MS, stopsOf, type ApplicationStatus, type Instance, type Stage } from './status';

/** How many of the newest stages the page lists. */
const STAGES_SHOWN = 15;

/** One microservice: its status and instances (refreshed while the page is open), an instance's logs, and its runtime options. */
export function MicroserviceDetails({ id }: { id: string }) {
  const { client } = useSession();
  const app = useLoad(async () => (await client.application.detail(id)).data as IApplication, id);
  const status = useLoad(() => requestJson<ApplicationStatus>(client, `/application/applications/${encodeURIComponent(id)}/status`), id);
  useInterval(status.reload, STATUS_POLL_MS);

  return (
    <section aria-labelledby="microservice-title">
      <p><a href={href(['microservices'])}>All microservices</a></p>
      <h1 id="microservice-title">{app.data?.name ?? `Microservice ${id}`}</h1>
      <ErrorBanner message={app.error} />
      {app.loading && !app.data && <Loading what="the application" />}
      <h2>Status</h2>
      <ErrorBanner message={status.error} />
      {status.loading && !status.data && <Loading what="the status" />}
      {status.data && <StatusSummary status={status.data} />}
      {status.data && <Instances status={status.data} />}
      {status.data && <InstanceLogs applicationId={id} instances={status.data.instances.map((i) => i.name)} />}
      {app.data && <RuntimeOptions app={app.data} />}
      {status.data && <Stages stages={status.data.stages} />}
    </section>
  );
}

function StatusSummary({ status }: { status: ApplicationStatus }) {
  const reason = downReason(status);
  return (
    <dl className="facts">
      <dt>Status</dt><dd><StatusBadge status={status.status} /> {STATUS_MEANING[status.status]}</dd>
      <dt>Version</dt><dd>{status.version ?? 'none deployed'}</dd>
      <dt>Restarts</dt><dd>{status.restarts}</dd>
      {reason && <><dt>Reason</dt><dd className="reason">{reason}</dd></>}
    </dl>
  );
}

function Instances({ status }: { status: ApplicationStatus }) {
  const columns: Column<Instance>[] = [
    { title: 'Instance', cell: (i) => <code>{i.name}</code> },
    ...(status.instances.some((i) => i.tenant) ? [{ title: 'Tenant', cell: (i: Instance) => i.tenant }] : []),
    { title: 'State', cell: (i) => (i.startedAt ? `Running since ${i.startedAt}` : 'Running') },
    { title: 'Health', cell: (i) => (i.healthy ? 'Healthy' : 'Not ready') },
    { title: 'Restarts', cell: (i) => stopsOf(i.name, status.stages).length },
    { title: 'Last stop', cell: (i) => stopsOf(i.name, status.stages)[0]?.detail },
  ];
  return (
    <>
      <h2>Instances</h2>
      {status.instances.length === 0
        ? <Empty>No instance runs.{status.status === 'Down' || status.status === 'Failed' ? ` ${downReason(status) ?? ''}` : ''}</Empty>
        : <Table caption="Instances" columns={columns} rows={status.instances} rowKey={(i) => i.name} />}
      <p className="hint">An instance's restarts are counted from the recorded stages (the newest 40 per deployment).</p>
    </>
  );
}

function Stages({ stages }: { stages: Stage[] }) {
  const newest = stages.slice(-STAGES_SHOWN).reverse();
  const columns: Column<Stage>[] = [
    { title: 'At', cell: (s) => s.at },
    { title: 'Stage', cell: (s) => s.stage },
    ...(stages.some((s) => s.tenant) ? [{ title: 'Tenant', cell: (s: Stage) => s.tenant }] : []),
    { title: 'Detail', cell: (s) => s.detail },
  ];
  return (
    <>
      <h2>Recent stages</h2>
      {newest.length === 0 ? <Empty>No stage is recorded.</Empty> : <Table caption="Recent stages, newest first" columns={columns} rows={newest} rowKey={(s) => `${s.at}-${s.stage}-${s.tenant ?? ''}-${s.detail ?? ''}`} />}
    </>
  );
}
