// Sorts migration findings by urgency for a target release: what breaks now, then what breaks at each later removal
// (the timeline's order), each split into what converts cleanly and what needs a person (scan reports, CLI and editor).
import type { LocatedFinding } from './fileMigration';
import { type Release, breaksOnHeading, compareReleases, releaseText } from './removalTimeline';

export interface FileReport {
  /** Relative to the working folder, with forward slashes. */
  readonly path: string;
  readonly findings: readonly LocatedFinding[];
}

/** `broken-now`: removed on the target release; `deprecated`: still works there. As JSON, SARIF and `--fail-on` name them. */
export type UrgencyClass = 'broken-now' | 'deprecated';

export interface PlacedFinding {
  readonly path: string;
  readonly found: LocatedFinding;
}

export interface UrgencyGroup {
  readonly urgency: UrgencyClass;
  /** `breaks now on 20.0`, `breaks on Odoo 22 / Online 21.1`. */
  readonly heading: string;
  readonly converts: readonly PlacedFinding[];
  readonly needsPerson: readonly PlacedFinding[];
}

export function urgencyClassOf(found: LocatedFinding): UrgencyClass {
  return found.finding.urgency === 'brokenNow' ? 'broken-now' : 'deprecated';
}

/** The heading of the group a finding falls in. */
export function groupHeading(found: LocatedFinding, target: Release): string {
  return found.finding.urgency === 'brokenNow' ? `breaks now on ${releaseText(target)}` : breaksOnHeading(found.finding.removal);
}

/** The findings grouped: breaks now first, then by removal, earliest first; files and lines in order inside. */
export function urgencyGroups(files: readonly FileReport[], target: Release): UrgencyGroup[] {
  const groups = new Map<string, { urgency: UrgencyClass; order: Release; converts: PlacedFinding[]; needsPerson: PlacedFinding[] }>();
  for (const file of files) {
    for (const found of file.findings) {
      const heading = groupHeading(found, target);
      const urgency = urgencyClassOf(found);
      const group = groups.get(heading) ?? {
        urgency,
        order: urgency === 'broken-now' ? { major: -1, minor: 0 } : found.finding.removal.online,
        converts: [],
        needsPerson: [],
      };
      groups.set(heading, group);
      (found.finding.severity === 'convertible' ? group.converts : group.needsPerson).push({ path: file.path, found });
    }
  }
  return [...groups.entries()]
    .sort(([, a], [, b]) => compareReleases(a.order, b.order))
    .map(([heading, group]) => ({ urgency: group.urgency, heading, converts: group.converts, needsPerson: group.needsPerson }));
}

/** Whether `--fail-on` is met: any call for `deprecated`, an already broken one for `broken-now`. */
export function failsOn(threshold: UrgencyClass, files: readonly FileReport[]): boolean {
  const all = files.flatMap((file) => file.findings);
  return threshold === 'deprecated' ? all.length > 0 : all.some((found) => urgencyClassOf(found) === 'broken-now');
}
