const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** The value a local `$ref` (`#/a/b`) points at in `document`, or undefined. */
export function resolveRef(document: any, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref.slice(2).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<any>((node, key) => (node === undefined ? undefined : node[key]), document);
}

function refs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refs(n, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refs(value, found);
    }
  }
  return found;
}

/** Every operation of the document as `METHOD /path` with the operation. */
export function operations(document: any): Array<[string, any]> {
  return Object.entries<any>(document.paths).flatMap(([path, item]) =>
    Object.entries<any>(item).filter(([m]) => METHODS.includes(m)).map(([m, op]) => [`${m.toUpperCase()} ${path}`, op] as [string, any]));
}

/**
 * The structural rules of OpenAPI 3.1 this document must keep, as readable breaches (none: valid):
 * version, info, paths, responses with descriptions, declared path parameters, unique operation
 * ids, known security schemes, and every `$ref` resolving.
 */
export function structuralBreaches(document: any): string[] {
  const breaches: string[] = [];
  if (!/^3\.1\.\d+$/.test(document.openapi)) breaches.push(`openapi is ${document.openapi}`);
  if (typeof document.info?.title !== 'string' || typeof document.info?.version !== 'string') breaches.push('info needs title and version');
  if (!document.paths || typeof document.paths !== 'object') return [...breaches, 'no paths'];
  const ids = new Set<string>();
  const schemes = Object.keys(document.components?.securitySchemes ?? {});
  for (const [route, op] of operations(document)) {
    const path = route.split(' ')[1];
    if (!path.startsWith('/')) breaches.push(`${route}: a path starts with /`);
    if (!op.responses || Object.keys(op.responses).length === 0) breaches.push(`${route}: no responses`);
    for (const [status, response] of Object.entries<any>(op.responses ?? {})) {
      if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(status)) breaches.push(`${route}: response key ${status}`);
      const resolved: any = response.$ref ? resolveRef(document, response.$ref) : response;
      if (typeof resolved?.description !== 'string') breaches.push(`${route} ${status}: no description`);
    }
    const params = (op.parameters ?? []).map((p: any) => (p.$ref ? resolveRef(document, p.$ref) : p));
    for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
      if (!params.some((p: any) => p?.in === 'path' && p.name === name && p.required === true)) breaches.push(`${route}: path parameter ${name} not declared`);
    }
    if (op.operationId) {
      if (ids.has(op.operationId)) breaches.push(`${route}: operationId ${op.operationId} twice`);
      ids.add(op.operationId);
    }
    for (const requirement of op.security ?? []) {
      for (const scheme of Object.keys(requirement)) if (!schemes.includes(scheme)) breaches.push(`${route}: unknown security scheme ${scheme}`);
    }
  }
  for (const ref of new Set(refs(document))) if (resolveRef(document, ref) === undefined) breaches.push(`$ref ${ref} does not resolve`);
  return breaches;
}

const pointer = (keys: string[]) => `#/${keys.map((k) => k.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/**
 * Why a real answer breaks its operation's documentation, or undefined: its status must be documented
 * (or fall under `default`), its media type listed for that status, and a JSON body must match the
 * schema, checked with `validator(schemaRef, body)` (a JSON-pointer `$ref` into the document).
 */
export async function conformanceBreach(document: any, method: string, documentedPath: string, res: Response,
  validator: (ref: string, body: unknown) => unknown[]): Promise<string | undefined> {
  const op = document.paths[documentedPath]?.[method.toLowerCase()];
  if (!op) return `${method} ${documentedPath} is not documented`;
  const status = String(res.status);
  const key = status in op.responses ? status : 'default';
  const at = op.responses[key].$ref ? op.responses[key].$ref.slice(2).split('/') : ['paths', documentedPath, method.toLowerCase(), 'responses', key];
  const response: any = resolveRef(document, pointer(at));
  const type = (res.headers.get('content-type') ?? '').split(';')[0].toLowerCase();
  const text = await res.text();
  if (!response.content) return text.length === 0 ? undefined : `${status} answered a body the document does not describe`;
  const documentedType = Object.keys(response.content).find((t) => t.split(';')[0].toLowerCase() === type || t === '*/*');
  if (!documentedType) return `${status} answered ${type}, documented ${Object.keys(response.content).join(', ')}`;
  if (!type.endsWith('json')) return undefined;
  const errors = validator(pointer([...at, 'content', documentedType, 'schema']), JSON.parse(text));
  return errors.length === 0 ? undefined : `${status} body does not match the schema: ${JSON.stringify(errors).slice(0, 400)}`;
}
