/**
 * The Platform resource of `GET /platform` (docs/api/conventions.md): one API resource per
 * interface, each with its `self`, its main collection (empty: clients follow its `self`) and
 * the URI templates clients build requests from, the way the real platform lists them. Berth
 * hosts none of these device interfaces itself; the resource exists because SDKs read it first.
 */
interface ApiShape {
  self: string;
  collection?: [name: string, path: string];
  templates: Record<string, string>;
}

const q = (path: string, query: string) => `${path}?${query}`;

const APIS: Record<string, ApiShape> = {
  inventory: {
    self: '/inventory',
    collection: ['managedObjects', '/inventory/managedObjects'],
    templates: {
      managedObject: '/inventory/managedObjects/{id}',
      managedObjectsForType: q('/inventory/managedObjects', 'type={type}'),
      managedObjectsForFragmentType: q('/inventory/managedObjects', 'fragmentType={fragmentType}'),
      managedObjectsForListOfIds: q('/inventory/managedObjects', 'ids={ids}'),
    },
  },
  identity: {
    self: '/identity',
    templates: {
      externalId: '/identity/externalIds/{type}/{externalId}',
      externalIdsOfGlobalId: '/identity/globalIds/{globalId}/externalIds',
    },
  },
  event: {
    self: '/event',
    collection: ['events', '/event/events'],
    templates: {
      eventsForSource: q('/event/events', 'source={source}'),
      eventsForType: q('/event/events', 'type={type}'),
      eventsForTime: q('/event/events', 'dateFrom={dateFrom}&dateTo={dateTo}'),
      eventsForSourceAndType: q('/event/events', 'source={source}&type={type}'),
    },
  },
  measurement: {
    self: '/measurement',
    collection: ['measurements', '/measurement/measurements'],
    templates: {
      measurementsForSource: q('/measurement/measurements', 'source={source}'),
      measurementsForType: q('/measurement/measurements', 'type={type}'),
      measurementsForDate: q('/measurement/measurements', 'dateFrom={dateFrom}&dateTo={dateTo}'),
      measurementsForFragmentType: q('/measurement/measurements', 'fragmentType={fragmentType}'),
    },
  },
  audit: {
    self: '/audit',
    collection: ['auditRecords', '/audit/auditRecords'],
    templates: {
      auditRecordsForType: q('/audit/auditRecords', 'type={type}'),
      auditRecordsForUser: q('/audit/auditRecords', 'user={user}'),
      auditRecordsForApplication: q('/audit/auditRecords', 'application={application}'),
    },
  },
  alarm: {
    self: '/alarm',
    collection: ['alarms', '/alarm/alarms'],
    templates: {
      alarmsForSource: q('/alarm/alarms', 'source={source}'),
      alarmsForStatus: q('/alarm/alarms', 'status={status}'),
      alarmsForTime: q('/alarm/alarms', 'dateFrom={dateFrom}&dateTo={dateTo}'),
      alarmsForSourceAndStatus: q('/alarm/alarms', 'source={source}&status={status}'),
    },
  },
  user: {
    self: '/user',
    templates: {
      users: '/user/{tenant}/users',
      userByName: '/user/{tenant}/userByName/{userName}',
      groups: '/user/{tenant}/groups',
      groupByName: '/user/{tenant}/groupByName/{groupName}',
      roles: '/user/roles',
      currentUser: '/user/currentUser',
    },
  },
  deviceControl: {
    self: '/devicecontrol',
    collection: ['operations', '/devicecontrol/operations'],
    templates: {
      operationsByStatus: q('/devicecontrol/operations', 'status={status}'),
      operationsByAgentId: q('/devicecontrol/operations', 'agentId={agentId}'),
      operationsByDeviceId: q('/devicecontrol/operations', 'deviceId={deviceId}'),
    },
  },
};

/** The Platform resource with every URI under the public base URL. */
export function platformResource(publicBase: string): Record<string, unknown> {
  const base = publicBase.replace(/\/$/, '');
  const resource: Record<string, unknown> = { self: `${base}/platform` };
  for (const [name, api] of Object.entries(APIS)) {
    const entry: Record<string, unknown> = { self: base + api.self };
    if (api.collection) entry[api.collection[0]] = { self: base + api.collection[1], [api.collection[0]]: [] };
    for (const [key, template] of Object.entries(api.templates)) entry[key] = base + template;
    resource[name] = entry;
  }
  return resource;
}
