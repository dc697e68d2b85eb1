import type { IRole } from '@c8y/client';
import { Empty, ErrorBanner, Loading } from '../../components/feedback';
import { Table, type Column } from '../../components/table';
import { useLoad, useSession } from '../../hooks';

const COLUMNS: Column<IRole>[] = [
  { title: 'ID', cell: (r) => <code>{r.id}</code> },
  { title: 'Name', cell: (r) => r.name },
];

/** The platform's role catalogue (`GET /user/roles`): what can be given to users and groups. */
export function RolesPage() {
  const { client } = useSession();
  const roles = useLoad(() => client.userRole.list({ pageSize: 2000 }), 'roles');
  return (
    <section aria-labelledby="roles-title">
      <h1 id="roles-title">Roles</h1>
      <p className="hint">Roles are given to users and groups on their own pages; management-only roles (ROLE_TENANT_MANAGEMENT_*) only within the management tenant.</p>
      <ErrorBanner message={roles.error} />
      {roles.loading && !roles.data && <Loading what="roles" />}
      {roles.data && roles.data.data.length === 0 && <Empty>The platform lists no roles.</Empty>}
      {roles.data && roles.data.data.length > 0 && <Table caption="Roles" columns={COLUMNS} rows={roles.data.data} rowKey={(r) => String(r.id)} />}
    </section>
  );
}
