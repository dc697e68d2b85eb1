import type { Route } from '../routing';
import type { Session } from '../session';
import { holdsAny, PAGE_ROLES } from '../permissions';
import { ApplicationDetails } from './applications/application-details';
import { ApplicationsPage } from './applications/applications-page';
import { SubscriptionsPage } from './subscriptions/subscriptions-page';
import { GroupEditor, GroupsPage } from './groups/groups-page';
import { LoginOptionsPage } from './login-options/login-options-page';
import { MicroserviceDetails } from './microservices/microservice-details';
import { MicroservicesPage } from './microservices/microservices-page';
import { RolesPage } from './roles/roles-page';
import { TenantEditor } from './tenants/tenant-editor';
import { TenantsPage } from './tenants/tenants-page';
import { UsagePage } from './usage/usage-page';
import { UserEditor } from './users/user-editor';
import { UsersPage } from './users/users-page';
import { OptionsPage } from './options/options-page';
import { SmsPage } from './sms/sms-page';

export interface Page {
  /** The first segment of the page's route. */
  path: string;
  title: string;
  component: (props: { route: Route }) => React.ReactNode;
  /** One item of the page's list, shown at `#/<path>/<id>` instead of the list. */
  detail?: (props: { id: string }) => React.ReactNode;
  /** Shown only to people who may use it (e.g. the management tenant's pages); every page is shown when absent. */
  shownTo?: (session: Session) => boolean;
}

/** The console's sections, in the navigation's order; the first is the home page. */
export const PAGES: readonly Page[] = [
  { path: 'applications', title: 'Applications', component: ApplicationsPage, detail: ApplicationDetails },
  { path: 'subscriptions', title: 'Subscriptions', component: SubscriptionsPage, shownTo: (s) => holdsAny(s.roles, [...PAGE_ROLES.applicationRead, ...PAGE_ROLES.tenantRead]) },
  { path: 'microservices', title: 'Microservices', component: MicroservicesPage, detail: MicroserviceDetails, shownTo: (s) => holdsAny(s.roles, PAGE_ROLES.applicationRead) },
  { path: 'tenants', title: 'Tenants', component: TenantsPage, detail: TenantEditor, shownTo: (s) => holdsAny(s.roles, PAGE_ROLES.tenantRead) },
  { path: 'users', title: 'Users', component: UsersPage, detail: UserEditor, shownTo: (s) => holdsAny(s.roles, PAGE_ROLES.userRead) },
  { path: 'roles', title: 'Roles', component: RolesPage },
  { path: 'groups', title: 'Groups', component: GroupsPage, detail: GroupEditor, shownTo: (s) => holdsAny(s.roles, PAGE_ROLES.userRead) },
  { path: 'login-options', title: 'Login options', component: LoginOptionsPage, shownTo: (s) => holdsAny(s.roles, PAGE_ROLES.loginSettings) },
  { path: 'options', title: 'Options', component: OptionsPage, shownTo: (s) => holdsAny(s.roles, PAGE_ROLES.optionRead) },
  { path: 'sms', title: 'SMS', component: SmsPage, shownTo: (s) => holdsAny(s.roles, PAGE_ROLES.sms) },
  { path: 'usage', title: 'Usage', component: UsagePage, shownTo: (s) => holdsAny(s.roles, PAGE_ROLES.usageRead) },
];

export function visiblePages(session: Session): Page[] {
  return PAGES.filter((page) => !page.shownTo || page.shownTo(session));
}
