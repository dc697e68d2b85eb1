import type { Route } from '../routing';
import type { Session } from '../session';
import { ApplicationsPage } from './applications/applications-page';
import { SubscriptionsPage } from './subscriptions/subscriptions-page';

export interface Page {
  /** The first segment of the page's route. */
  path: string;
  title: string;
  component: (props: { route: Route }) => React.ReactNode;
  /** Shown only to people who may use it (e.g. the management tenant's pages); every page is shown when absent. */
  shownTo?: (session: Session) => boolean;
}

/** The console's sections, in the navigation's order; the first is the home page. */
export const PAGES: readonly Page[] = [
  { path: 'applications', title: 'Applications', component: ApplicationsPage },
  { path: 'subscriptions', title: 'Subscriptions', component: SubscriptionsPage },
];

export function visiblePages(session: Session): Page[] {
  return PAGES.filter((page) => !page.shownTo || page.shownTo(session));
}
