/** Availabilities an application can have (docs/api/applications.md). */
export const AVAILABILITIES = ['PRIVATE', 'MARKET'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** What the form reads of an application (an @c8y/client IApplication fits). */
export interface EditableApplication { type?: unknown; name?: string; key?: string; contextPath?: string; availability?: unknown; externalUrl?: string }

/** The editable fields of the details page, as the form holds them. */
export interface ApplicationForm { name: string; key: string; contextPath: string; availability: Availability; externalUrl: string }

export function formOf(app: EditableApplication): ApplicationForm {
  return {
    name: app.name ?? '', key: app.key ?? '', contextPath: app.contextPath ?? '',
    availability: app.availability === 'MARKET' ? 'MARKET' : 'PRIVATE', externalUrl: app.externalUrl ?? '',
  };
}

/** Whether the form lets the field change for this type: a microservice keeps its name, only EXTERNAL has an external URL. */
export function editable(type: unknown, field: keyof ApplicationForm): boolean {
  if (field === 'name') return type !== 'MICROSERVICE';
  if (field === 'externalUrl') return type === 'EXTERNAL';
  return true;
}

/**
 * The body of the PUT: only the fields the person changed, because a PUT changes exactly what it
 * sends (docs/api/conventions.md#verbs). Empty when nothing changed.
 */
export function changedFields(app: EditableApplication, form: ApplicationForm): Partial<ApplicationForm> {
  const before = formOf(app);
  const changed: Partial<ApplicationForm> = {};
  for (const field of Object.keys(before) as (keyof ApplicationForm)[]) {
    const value = form[field].trim();
    if (value !== before[field] && editable(app.type, field)) (changed as Record<string, string>)[field] = value;
  }
  return changed;
}
