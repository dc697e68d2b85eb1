import { DocumentConflict, mergeDocuments } from './merge-documents';

const options = { title: 'Berth', version: '1.0.0', serverUrl: 'https://berth.example.com/' };
const op = (operationId: string) => ({ operationId, responses: { 200: { description: 'OK' } } });
const error = { type: 'object', required: ['error'] };

describe('mergeDocuments', () => {
  it('puts every document\'s operations side by side, sorted by path, with one server and OpenAPI 3.1', () => {
    const merged = mergeDocuments([
      { paths: { '/b': { get: op('B_get') }, '/a': { get: op('A_get') } }, components: { schemas: { Error: error } } },
      { paths: { '/a': { put: op('A_put') }, '/c': { delete: op('C_delete') } }, components: { schemas: { Error: error, c: { type: 'object' } } } },
    ], options);
    expect(merged.openapi).toBe('3.1.0');
    expect(merged.info).toEqual({ title: 'Berth', version: '1.0.0' });
    expect(merged.servers).toEqual([{ url: 'https://berth.example.com' }]);
    expect(Object.keys(merged.paths)).toEqual(['/a', '/b', '/c']);
    expect(Object.keys(merged.paths['/a'])).toEqual(['get', 'put']);
    expect(Object.keys(merged.components.schemas)).toEqual(['Error', 'c']);
  });

  it('refuses an operation two documents describe', () => {
    expect(() => mergeDocuments([{ paths: { '/a': { get: op('A_get') } } }, { paths: { '/a': { get: op('Other_get') } } }], options))
      .toThrow(new DocumentConflict('GET /a is described twice'));
  });

  it('refuses one operationId for two operations', () => {
    expect(() => mergeDocuments([{ paths: { '/a': { get: op('X') } } }, { paths: { '/b': { get: op('X') } } }], options)).toThrow(/operationId X/);
  });

  it('refuses a component name two documents define differently, and keeps identical ones once', () => {
    expect(() => mergeDocuments([{ paths: {}, components: { schemas: { user: { type: 'object' } } } }, { paths: {}, components: { schemas: { user: { type: 'string' } } } }], options))
      .toThrow(/components.schemas.user/);
  });
});
