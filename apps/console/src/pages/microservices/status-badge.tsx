import { STATUS_MEANING, type ApplicationStatus } from './status';

/** A microservice's status as a word, its meaning on hover (the details page spells it out). */
export function StatusBadge({ status }: { status: ApplicationStatus['status'] }) {
  return <span className={`status-badge status-${status.toLowerCase()}`} title={STATUS_MEANING[status]}>{status}</span>;
}
