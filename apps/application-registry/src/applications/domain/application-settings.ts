import type { ApplicationDocument } from './application';

interface ManifestSetting { key: string; defaultValue?: unknown }

function manifestOf(app: ApplicationDocument): Record<string, unknown> {
  return typeof app.manifest === 'object' && app.manifest !== null && !Array.isArray(app.manifest) ? app.manifest as Record<string, unknown> : {};
}

/** The tenant-option category a microservice's settings live in: the manifest's `settingsCategory`, else its context path, else its name. */
export function settingsCategory(app: ApplicationDocument): string {
  const manifest = manifestOf(app);
  for (const candidate of [manifest.settingsCategory, app.contextPath, manifest.contextPath, app.name]) {
    if (typeof candidate === 'string' && candidate !== '') return candidate;
  }
  return app.name;
}

/**
 * The settings a microservice reads (`/application/currentApplication/settings`): every setting
 * its manifest declares with its `defaultValue` (as a string), overridden by the options of its
 * settings category, which are all included, declared or not. A setting without a default and
 * without an option is absent.
 */
export function resolveSettings(app: ApplicationDocument, options: Record<string, string>): Record<string, string> {
  const declared = Array.isArray(manifestOf(app).settings) ? manifestOf(app).settings as ManifestSetting[] : [];
  const defaults: Record<string, string> = {};
  for (const setting of declared) {
    if (typeof setting?.key !== 'string' || setting.defaultValue === undefined || setting.defaultValue === null) continue;
    defaults[setting.key] = typeof setting.defaultValue === 'string' ? setting.defaultValue : JSON.stringify(setting.defaultValue);
  }
  return { ...defaults, ...options };
}
