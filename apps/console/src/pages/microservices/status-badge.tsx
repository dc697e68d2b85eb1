import { STATUS_MEANING, type ApplicationStatus } from './status';

/** A microservice's status as a word with its meaning for screen readers and on hover. */
export function StatusBadge({ status }: { status: ApplicationStatus['status'] }) {
  return <span className={`badge badge-${status.toLowerCase()}`} title={STATUS_MEANING[status]}>{status}<span className="visually-hidden">: {STATUS_MEANING[status]}</span></span>;
}
