import { HTTP_METHODS, OPENAPI_VERSION } from './app-document';
import type { Json } from './json';

export interface MergeOptions {
  title: string;
  version: string;
  /** The public base URL, the document's one server. */
  serverUrl: string;
}

/** Thrown when two documents describe the same operation, or the same component differently. */
export class DocumentConflict extends Error {}

const KINDS = ['schemas', 'responses', 'parameters', 'securitySchemes'];

/**
 * One document from several (the apps' and the gateway's own): paths and operations side by side,
 * components merged by name, tags in first-seen order, `servers` set to the public URL.
 * @throws DocumentConflict when an operation (method and path) appears twice, or a component name
 * stands for two different definitions: a merge must never silently drop a route or a schema.
 */
export function mergeDocuments(documents: Json[], options: MergeOptions): Json {
  const paths: Json = {};
  const components: Json = Object.fromEntries(KINDS.map((k) => [k, {}]));
  const operationIds = new Set<string>();
  for (const document of documents) {
    for (const [path, item] of Object.entries<Json>(document.paths ?? {})) {
      const merged = (paths[path] ??= {});
      for (const [method, operation] of Object.entries<Json>(item)) {
        if (!HTTP_METHODS.includes(method)) continue;
        if (merged[method]) throw new DocumentConflict(`${method.toUpperCase()} ${path} is described twice`);
        if (operation.operationId && operationIds.has(operation.operationId)) throw new DocumentConflict(`operationId ${operation.operationId} is used twice`);
        if (operation.operationId) operationIds.add(operation.operationId);
        merged[method] = operation;
      }
    }
    for (const kind of KINDS) {
      for (const [name, definition] of Object.entries<Json>(document.components?.[kind] ?? {})) {
        const known = components[kind][name];
        if (known && JSON.stringify(known) !== JSON.stringify(definition)) throw new DocumentConflict(`components.${kind}.${name} is defined differently by two documents`);
        components[kind][name] = definition;
      }
    }
  }
  const sortedPaths = Object.fromEntries(Object.keys(paths).sort().map((p) => [p, paths[p]]));
  return {
    openapi: OPENAPI_VERSION,
    info: { title: options.title, version: options.version },
    servers: [{ url: options.serverUrl.replace(/\/$/, '') }],
    paths: sortedPaths,
    components,
  };
}
