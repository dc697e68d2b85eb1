import type { DayUsage } from './usage-counter';

export interface ApplicationUsageDay {
  day: string;
  applications: Array<{ applicationKey: string; requests: number }>;
  deviceRequests: number;
  totalRequests: number;
}

export interface ApplicationUsage { self: string; dateFrom: string; dateTo: string; days: ApplicationUsageDay[] }

/**
 * The application-usage resource: `dateFrom`, `dateTo`, and one entry per day of the range, oldest
 * first, days without requests included; within a day, applications by requests, most first
 * (then by key). `self` repeats the range explicitly.
 */
export function applicationUsageResource(base: string, days: string[], usage: DayUsage[]): ApplicationUsage {
  const dateFrom = days[0];
  const dateTo = days[days.length - 1];
  return {
    self: `${base}?dateFrom=${dateFrom}&dateTo=${dateTo}`,
    dateFrom, dateTo,
    days: days.map((day, i) => {
      const applications = Object.entries(usage[i].applications)
        .map(([applicationKey, requests]) => ({ applicationKey, requests }))
        .sort((a, b) => b.requests - a.requests || (a.applicationKey < b.applicationKey ? -1 : 1));
      const appTotal = applications.reduce((sum, a) => sum + a.requests, 0);
      return { day, applications, deviceRequests: usage[i].devices, totalRequests: appTotal + usage[i].devices };
    }),
  };
}
