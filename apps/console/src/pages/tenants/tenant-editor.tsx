import { useEffect, useState } from 'react';
import type { ITenant } from '@c8y/client';
import { ErrorBanner, Loading } from '../../components/feedback';
import { Field } from '../../components/field';
import { useAction, useLoad, useSession } from '../../hooks';
import { href } from '../../routing';
import { fieldsOf, rowsOf, tenantUpdate, type PropertyRow, type PropertyType, type TenantFields } from './tenant-form';

const PROPERTY_TYPES: PropertyType[] = ['string', 'number', 'boolean'];

/** One tenant's editable fields and custom properties; saving sends only what changed. */
export function TenantEditor({ id }: { id: string }) {
  const { client } = useSession();
  const loaded = useLoad(() => client.tenant.detail(id).then((r) => r.data), id);
  return (
    <section aria-labelledby="tenant-title">
      <p><a href={href(['tenants'])}>All tenants</a></p>
      <h1 id="tenant-title">Tenant {id}</h1>
      <ErrorBanner message={loaded.error} />
      {loaded.loading && !loaded.data && <Loading what="the tenant" />}
      {loaded.data && <TenantForm tenant={loaded.data} onSaved={loaded.reload} />}
    </section>
  );
}

function TenantForm({ tenant, onSaved }: { tenant: ITenant; onSaved(): Promise<void> }) {
  const { client } = useSession();
  const [fields, setFields] = useState<TenantFields>(() => fieldsOf(tenant));
  const [rows, setRows] = useState<PropertyRow[]>(() => rowsOf(tenant.customProperties));
  const [saved, setSaved] = useState(false);
  const [invalid, setInvalid] = useState<string>();
  const action = useAction();
  useEffect(() => { setFields(fieldsOf(tenant)); setRows(rowsOf(tenant.customProperties)); }, [tenant]);
  const set = (name: keyof TenantFields) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => { setSaved(false); setFields((f) => ({ ...f, [name]: e.target.value })); };
  const setRow = (index: number, change: Partial<PropertyRow>) => { setSaved(false); setRows((all) => all.map((r, i) => (i === index ? { ...r, ...change } : r))); };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSaved(false);
    const update = tenantUpdate(tenant, fields, rows);
    setInvalid(update.ok ? undefined : update.error);
    if (!update.ok) return;
    if (Object.keys(update.value).length === 0) { setSaved(true); return; }
    if (await action.run(() => client.tenant.update({ id: tenant.id, ...update.value } as ITenant))) { await onSaved(); setSaved(true); }
  }

  return (
    <form className="card" onSubmit={submit} aria-label="Edit tenant">
      <ErrorBanner message={invalid ?? action.error} />
      {saved && <p role="status">Saved.</p>}
      <dl className="facts">
        <dt>Administrator</dt><dd>{tenant.adminName}</dd>
        <dt>Parent</dt><dd>{tenant.parent ?? '—'}</dd>
        <dt>Created</dt><dd>{tenant.creationTime}</dd>
      </dl>
      <Field label="Company">{(id) => <input id={id} value={fields.company} onChange={set('company')} required />}</Field>
      <Field label="Domain">{(id) => <input id={id} value={fields.domain} onChange={set('domain')} required />}</Field>
      <Field label="Contact name">{(id) => <input id={id} value={fields.contactName} onChange={set('contactName')} />}</Field>
      <Field label="Contact phone">{(id) => <input id={id} type="tel" value={fields.contactPhone} onChange={set('contactPhone')} />}</Field>
      <Field label="Administrator's email">{(id) => <input id={id} type="email" value={fields.adminEmail} onChange={set('adminEmail')} />}</Field>
      <Field label="Status" hint="A suspended tenant's users, tokens and microservices are refused">
        {(id) => (
          <select id={id} value={fields.status} onChange={set('status')}>
            <option value="ACTIVE">ACTIVE</option>
            <option value="SUSPENDED">SUSPENDED</option>
          </select>
        )}
      </Field>
      <fieldset>
        <legend>Custom properties</legend>
        {rows.length === 0 && <p className="empty">No custom properties.</p>}
        {rows.map((row, index) => (
          <div className="kv-row" key={index}>
            <Field label={`Property ${index + 1} name`}>{(id) => <input id={id} value={row.key} onChange={(e) => setRow(index, { key: e.target.value })} />}</Field>
            <Field label={`Property ${index + 1} type`}>
              {(id) => (
                <select id={id} value={row.type} onChange={(e) => setRow(index, { type: e.target.value as PropertyType })}>
                  {PROPERTY_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
                </select>
              )}
            </Field>
            <Field label={`Property ${index + 1} value`}>{(id) => <input id={id} value={row.value} onChange={(e) => setRow(index, { value: e.target.value })} />}</Field>
            <button type="button" onClick={() => { setSaved(false); setRows((all) => all.filter((_, i) => i !== index)); }} aria-label={`Remove property ${index + 1}`}>Remove</button>
          </div>
        ))}
        <button type="button" onClick={() => setRows((all) => [...all, { key: '', value: '', type: 'string' }])}>Add property</button>
      </fieldset>
      <div className="actions">
        <button type="submit" className="primary" disabled={action.busy}>Save</button>
      </div>
    </form>
  );
}
