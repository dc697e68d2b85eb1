import type { IRole } from '@c8y/client';
import { ErrorBanner } from '../../components/feedback';
import { PagedTable } from '../../components/paged-table';
import type { Column } from '../../components/table';
import { useLoad, useSession } from '../../hooks';
import { WHOLE_PAGE_SIZE } from '../../paging';

const COLUMNS: Column<IRole>[] = [
  { title: 'ID', cell: (r) => <code>{r.id}</code> },
  { title: 'Name', cell: (r) => r.name },
];

/** The platform's role catalogue (`GET /user/roles`): what can be given to users and groups. */
export function RolesPage() {
  const { client } = useSession();
  const roles = useLoad(() => client.userRole.list({ pageSize: WHOLE_PAGE_SIZE }), 'roles');
  return (
    <section aria-labelledby="roles-title">
      <h1 id="roles-title">Roles</h1>
      <p className="hint">Roles are given to users and groups on their own pages; management-only roles (ROLE_TENANT_MANAGEMENT_*) only within the management tenant.</p>
      <ErrorBanner message={roles.error} />
      <PagedTable caption="Roles" columns={COLUMNS} rows={roles.data?.data} rowKey={(r) => String(r.id)}
        loading={roles.loading} loadingWhat="roles" emptyText="The platform lists no roles." />
    </section>
  );
}
