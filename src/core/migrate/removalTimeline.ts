// When each deprecated interface and method is removed, per release line (Odoo and Odoo Online), and what that means
// for a project targeting a given release: the one timeline every message, diagnostic and report asks.
import type { LegacyService } from './legacyCall';

/**
 * Where the dates come from. Services: the deprecation notice at the top of Odoo's documentation page "External RPC
 * API" (odoo/documentation, content/developer/reference/external_rpc_api.rst, branches 20.0 and master), which
 * replaced the single date "removed in Odoo 22 / Online 21.1" that 19.0's page gave for all three services.
 * name_get: the ORM changelog (content/developer/reference/backend/orm/changelog.rst: deprecated in Online 16.4) and
 * its removal by odoo/odoo#160081, merged for Online 17.3, so absent from 18.0 on.
 */
export const TIMELINE_SOURCE =
  'Odoo documentation, "External RPC API" (odoo/documentation content/developer/reference/external_rpc_api.rst, 20.0 and master); ORM changelog and odoo/odoo#160081 for name_get';

/** A release: an on-premise major (`20.0`) or an Odoo Online release (`19.1`, written `saas~19.1` by servers). */
export interface Release {
  readonly major: number;
  readonly minor: number;
}

/** The newest release out (autumn 2026): the target when neither the connection, a setting nor `--target` names one. */
export const NEWEST_RELEASE: Release = { major: 20, minor: 0 };

/** What a release removes, on both lines: Odoo Online gets it at `online`, on-premise Odoo at `odoo`. */
export interface Removal {
  /** `the db service`, `name_get`: the subject of the message. */
  readonly subject: string;
  readonly deprecatedIn: string;
  readonly odoo: Release;
  readonly online: Release;
  /** Season and year of each release when the source gives them. */
  readonly odooDate?: string;
  readonly onlineDate?: string;
}

const DB_SERVICE: Removal = {
  subject: 'the db service',
  deprecatedIn: '19.0',
  odoo: { major: 20, minor: 0 },
  odooDate: 'autumn 2026',
  online: { major: 19, minor: 1 },
  onlineDate: 'winter 2025',
};

const COMMON_AND_OBJECT = (service: 'common' | 'object'): Removal => ({
  subject: `the ${service} service`,
  deprecatedIn: '19.0',
  odoo: { major: 22, minor: 0 },
  odooDate: 'autumn 2028',
  online: { major: 21, minor: 1 },
  onlineDate: 'winter 2027',
});

const SERVICE_REMOVALS: Readonly<Record<LegacyService, Removal>> = {
  db: DB_SERVICE,
  common: COMMON_AND_OBJECT('common'),
  object: COMMON_AND_OBJECT('object'),
};

/** Model methods gone from every model, whichever interface calls them. */
const METHOD_REMOVALS: Readonly<Record<string, Removal>> = {
  name_get: { subject: 'name_get', deprecatedIn: '17.0', odoo: { major: 18, minor: 0 }, online: { major: 17, minor: 3 } },
};

/** Every removal a call meets, the earliest first (a name_get over XML-RPC: name_get, then the object service). */
export function removalsOf(service: LegacyService, method?: string): Removal[] {
  const found = [SERVICE_REMOVALS[service]];
  const byMethod = method === undefined ? undefined : METHOD_REMOVALS[method];
  if (byMethod) found.push(byMethod);
  return found.sort((a, b) => compareReleases(a.online, b.online));
}

/** The timeline as rows (service or method, deprecated in, Odoo, Online), for docs and reports. */
export function timelineRows(): { subject: string; deprecatedIn: string; odoo: string; online: string }[] {
  return [...Object.values(SERVICE_REMOVALS).filter((r, i, all) => all.indexOf(r) === i), ...Object.values(METHOD_REMOVALS)].map(
    (removal) => ({
      subject: removal.subject,
      deprecatedIn: removal.deprecatedIn,
      odoo: `${releaseText(removal.odoo)}${removal.odooDate ? ` (${removal.odooDate})` : ''}`,
      online: `${releaseText(removal.online)}${removal.onlineDate ? ` (${removal.onlineDate})` : ''}`,
    }),
  );
}

/**
 * A release from what a server or a person writes: `20.0`, `20`, `saas~19.1`, `saas-19.1`, `19.1`, `20.0+e`,
 * `19.0-20251120`. Undefined when it is not one.
 */
export function parseRelease(text: string): Release | undefined {
  const match = /^\s*(?:saas[~-])?(\d{1,3})(?:\.(\d{1,2}))?(?:[+\-~.a-z0-9]*)\s*$/i.exec(text);
  if (!match) return undefined;
  const major = Number(match[1]);
  if (major < 8) return undefined;
  return { major, minor: match[2] === undefined ? 0 : Number(match[2]) };
}

/** `20.0`, `19.1`. */
export function releaseText(release: Release): string {
  return `${release.major}.${release.minor}`;
}

/** Online's x.1...x.4 come after x.0 and before (x+1).0, so one order serves both lines. */
export function compareReleases(a: Release, b: Release): number {
  return a.major - b.major || a.minor - b.minor;
}

/** Whether the removal has happened on the target: it has on every release from its first (Online's) on. */
export function isRemovedOn(removal: Removal, target: Release): boolean {
  return compareReleases(target, removal.online) >= 0 || compareReleases(target, removal.odoo) >= 0;
}

/** `removed in Odoo 20 and Online 19.1`. */
export function removalPhrase(removal: Removal): string {
  const odoo = removal.odoo.minor === 0 ? String(removal.odoo.major) : releaseText(removal.odoo);
  return `removed in Odoo ${odoo} and Online ${releaseText(removal.online)}`;
}

/** How urgent a call is for a project on `target`: already broken there, or deprecated with a date. */
export type Urgency = 'brokenNow' | 'deprecated';

export interface CallTimeline {
  readonly urgency: Urgency;
  /** The removal that decides it: the first one that has happened on the target, else the earliest to come. */
  readonly removal: Removal;
  /**
   * `the db service was removed in Odoo 20 and Online 19.1, so it fails on the target release 20.0` or
   * `the object service is removed in Odoo 22 and Online 21.1 (Online 21.1: winter 2027; Odoo 22: autumn 2028); it still works on the target release 20.0`.
   */
  readonly sentence: string;
}

/** What the timeline says of a call of `service` (and model method `method`) for a project on `target`. */
export function callTimeline(service: LegacyService, method: string | undefined, target: Release): CallTimeline {
  const removals = removalsOf(service, method);
  const removed = removals.find((removal) => isRemovedOn(removal, target));
  const on = `the target release ${releaseText(target)}`;
  if (removed)
    return { urgency: 'brokenNow', removal: removed, sentence: `${removed.subject} was ${removalPhrase(removed)}, so it fails on ${on}` };
  const next = removals[0];
  const dates = [
    next.onlineDate ? `Online ${releaseText(next.online)}: ${next.onlineDate}` : undefined,
    next.odooDate ? `Odoo ${next.odoo.major}: ${next.odooDate}` : undefined,
  ].filter(Boolean);
  const when = dates.length > 0 ? ` (${dates.join('; ')})` : '';
  return { urgency: 'deprecated', removal: next, sentence: `${next.subject} is ${removalPhrase(next)}${when}; it still works on ${on}` };
}

/** `breaks on Odoo 22 / Online 21.1`: the heading of a group of calls that still work on the target. */
export function breaksOnHeading(removal: Removal): string {
  return `breaks on Odoo ${removal.odoo.major} / Online ${releaseText(removal.online)}`;
}

/** The target a value names, or a clear error: for `--target` and the setting. */
export function targetRelease(text: string | undefined): Release {
  if (text === undefined || text.trim() === '') return NEWEST_RELEASE;
  const release = parseRelease(text);
  if (!release) throw new Error(`'${text}' is not a release (write 20.0, 19.0 or an Online release such as 19.1)`);
  return release;
}
