import { changedFields, editable, formOf } from './application-edit';

describe('the application edit form', () => {
  const hosted = { id: '1', type: 'HOSTED', name: 'shop', key: 'shop-key', contextPath: 'shop', availability: 'PRIVATE' } as const;

  it('sends only what changed, trimmed', () => {
    expect(changedFields(hosted, { ...formOf(hosted), key: ' shop-key2 ', availability: 'MARKET' })).toEqual({ key: 'shop-key2', availability: 'MARKET' });
    expect(changedFields(hosted, formOf(hosted))).toEqual({});
  });

  it('keeps a microservice\'s name and sends an external URL only for EXTERNAL', () => {
    const service = { type: 'MICROSERVICE', name: 'svc', key: 'svc-key' } as const;
    expect(changedFields(service, { ...formOf(service), name: 'other', externalUrl: 'https://x.example' })).toEqual({});
    expect(editable('EXTERNAL', 'externalUrl')).toBe(true);
    const external = { type: 'EXTERNAL', name: 'link', key: 'link-key', externalUrl: 'https://a.example' } as const;
    expect(changedFields(external, { ...formOf(external), externalUrl: 'https://b.example' })).toEqual({ externalUrl: 'https://b.example' });
  });

  it('reads an application without availability as PRIVATE', () => {
    expect(formOf({ name: 'x' })).toEqual({ name: 'x', key: '', contextPath: '', availability: 'PRIVATE', externalUrl: '' });
  });
});
