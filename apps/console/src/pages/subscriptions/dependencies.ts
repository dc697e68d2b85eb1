/**
 * An application's `dependencies` (docs/api/subscriptions.md#subscribe): each entry needs a
 * subscription to one of its `anyOf` applications, by name, before the tenant may subscribe.
 */
export interface Dependency { anyOf: string[] }

/** The dependencies an application declares; anything malformed is left out. */
export function dependenciesOf(app: object): Dependency[] {
  const { dependencies } = app as { dependencies?: unknown };
  if (!Array.isArray(dependencies)) return [];
  return dependencies.flatMap((d: unknown) => {
    const anyOf = (d as { anyOf?: unknown } | null)?.anyOf;
    const names = Array.isArray(anyOf) ? anyOf.filter((n): n is string => typeof n === 'string') : [];
    return names.length ? [{ anyOf: names }] : [];
  });
}

/** The dependencies none of whose applications the tenant is subscribed to (`subscribed`: their names). */
export function missingDependencies(app: object, subscribed: ReadonlySet<string>): Dependency[] {
  return dependenciesOf(app).filter((d) => !d.anyOf.some((name) => subscribed.has(name)));
}

/** `cep`, or `cep or cep-small`. */
export function describeDependency(dependency: Dependency): string {
  return dependency.anyOf.join(' or ');
}
