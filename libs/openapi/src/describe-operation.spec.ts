import { describeOperation } from './describe-operation';

const BRAND = 'application/vnd.com.nsn.acme';
const schemas = { application: { type: 'object' }, applicationRequest: { type: 'object' } };
const generated = {
  operationId: 'Applications_create',
  parameters: [
    { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    { name: 'accept', in: 'header', required: true, schema: { type: 'string' } },
    { name: 'force', in: 'query', required: true, schema: { type: 'string' } },
    { name: 'pageSize', in: 'query', required: true, schema: { type: 'string' } },
  ],
  requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
  responses: { 201: { description: '' } },
};

describe('describeOperation', () => {
  it('documents the answer in the brand\'s vendor type, the shared errors, the body in both types and the security', () => {
    const op = describeOperation(generated, { status: 201, returns: 'application', accepts: 'application:applicationRequest' }, 'acme', schemas);
    const type = `${BRAND}.application+json;ver=0.9;charset=UTF-8`;
    expect(op.responses[201]).toEqual({
      description: 'Created', content: { [type]: { schema: { $ref: '#/components/schemas/application' } } },
      headers: { Location: { description: 'The created resource', schema: { type: 'string' } } },
    });
    expect(op.responses.default).toEqual({ $ref: '#/components/responses/Error' });
    expect(op.responses[429]).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(op.requestBody.content).toEqual({
      [type]: { schema: { $ref: '#/components/schemas/applicationRequest' } },
      'application/json': { schema: { $ref: '#/components/schemas/applicationRequest' } },
    });
    expect(op.security).toEqual([{ basicAuth: [] }, { bearerAuth: [] }, { cookieAuth: [], xsrfToken: [] }]);
  });

  it('drops transport headers, makes query parameters optional and adds the shared paging parameters when paged', () => {
    const op = describeOperation(generated, { returns: 'json:application', paged: true, public: true }, 'acme', schemas);
    expect(op.parameters).toEqual([
      generated.parameters[0],
      { ...generated.parameters[2], required: false },
      { $ref: '#/components/parameters/pageSize' }, { $ref: '#/components/parameters/currentPage' }, { $ref: '#/components/parameters/withTotalPages' },
    ]);
    expect(op.responses[200].content).toEqual({ 'application/json': { schema: { $ref: '#/components/schemas/application' } } });
    expect(op.requestBody).toBeUndefined();
    expect(op.security).toEqual([]);
  });

  it('takes a literal media type as it is, with the generic multipart schema or a schema component named after a colon', () => {
    const generic = describeOperation(generated, { accepts: 'multipart/form-data' }, 'acme', schemas);
    expect(generic.requestBody.content['multipart/form-data'].schema).toMatchObject({ required: ['file'] });
    const named = describeOperation(generated, { accepts: 'multipart/form-data:applicationRequest' }, 'acme', schemas);
    expect(named.requestBody.content).toEqual({ 'multipart/form-data': { schema: { $ref: '#/components/schemas/applicationRequest' } } });
    expect(() => describeOperation(generated, { accepts: 'multipart/form-data:upload' }, 'acme', schemas)).toThrow('The OpenAPI schema upload is not defined');
  });

  it('refuses a schema the app does not define', () => {
    expect(() => describeOperation(generated, { returns: 'json:aplication' }, 'acme', schemas)).toThrow('The OpenAPI schema aplication is not defined');
  });

  it('adds the query parameters a route names, once', () => {
    const op = describeOperation(generated, { query: ['force', 'evaluate'] }, 'acme', schemas);
    expect(op.parameters.filter((p: { in: string }) => p.in === 'query')).toEqual([
      { ...generated.parameters[2], required: false }, { name: 'evaluate', in: 'query', required: false, schema: { type: 'string' } },
    ]);
  });

  it('narrows the schema of the path and query parameters `params` names, and refuses a name the route does not have', () => {
    const id = { type: 'string', pattern: '^[0-9]+$' };
    const day = { type: 'string', format: 'date' };
    const op = describeOperation(generated, { query: ['dateFrom'], params: { id, dateFrom: day } }, 'acme', schemas);
    expect(op.parameters.find((p: { name: string }) => p.name === 'id').schema).toEqual(id);
    expect(op.parameters.find((p: { name: string }) => p.name === 'dateFrom').schema).toEqual(day);
    expect(() => describeOperation(generated, { params: { idd: id } }, 'acme', schemas)).toThrow('@ApiRoute params names idd');
  });

  it('documents a 204 and a redirect without a body, and a literal media type as it is', () => {
    expect(describeOperation({}, { status: 204 }, 'acme', {}).responses[204]).toEqual({ description: 'No content' });
    expect(describeOperation({}, { status: 302, returns: 'application' }, 'acme', {}).responses[302].content).toBeUndefined();
    expect(describeOperation({}, { returns: 'application/zip' }, 'acme', {}).responses[200].content).toEqual({ 'application/zip': { schema: {} } });
  });
});
