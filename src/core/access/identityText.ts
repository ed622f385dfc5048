// Who a key acts as, worded once for every view: a one-line summary (tooltips, status bar), plain text (`json2 whoami`)
// and Markdown (the editor's "Who am I" view). Server text is escaped in the Markdown.
import { escapeMarkdown } from '../untrustedText/markdownEscape';
import type { AccessGroup, AccessIdentity, AccessKeyRecord } from './identity';

/** The heading of groups that belong to no application (the server's own groups, such as Role / User). */
export const NO_APPLICATION = 'Without application';

/** The user's name, or what is known when they may not read their own record. */
export const userName = (identity: AccessIdentity): string => identity.user.name || `user id ${identity.user.id} (name not readable)`;

/** "Marc Demo (demo) · My Company (San Francisco)": the user, their login and the current company. */
export function identitySummary(identity: AccessIdentity): string {
  const login = identity.user.login ? ` (${identity.user.login})` : '';
  return `${userName(identity)}${login}${identity.companies.current.name ? ` · ${identity.companies.current.name}` : ''}`;
}

/** The groups under their application's name, applications in order, groups without one last. */
export function groupsByApplication(groups: readonly AccessGroup[]): Array<{ application: string; groups: AccessGroup[] }> {
  const sections = new Map<string, AccessGroup[]>();
  for (const group of groups) {
    const heading = group.application ?? NO_APPLICATION;
    sections.set(heading, [...(sections.get(heading) ?? []), group]);
  }
  return [...sections.entries()].map(([application, list]) => ({ application, groups: list }));
}

/** "2026-12-29 05:00 UTC" from ISO 8601. */
const shortUtc = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The key's record in words: name, scope, expiry; or why it is not known. */
export function keyText(key: AccessIdentity['key']): string {
  if ('unavailable' in key) {
    const candidates = key.candidates?.map((candidate) => `'${candidate.name}' (${keyDetails(candidate)})`).join(', ');
    return candidates ? `${key.unavailable} Candidates: ${candidates}.` : key.unavailable;
  }
  return `'${key.name}' (${keyDetails(key)})`;
}

function keyDetails(key: AccessKeyRecord): string {
  return `${key.scope === null ? 'no scope' : `scope ${key.scope}`}, ${key.expiresAt === null ? 'never expires' : `expires ${shortUtc(key.expiresAt)}`}`;
}

const groupSuffix = (group: AccessGroup): string => (group.implied ? ' (implied)' : '');

/** The plain-text report of `json2 whoami`, one fact per line. */
export function identityText(identity: AccessIdentity): string {
  const { user, companies } = identity;
  const lines = [
    user.name ? `User:       ${user.name} (login ${user.login}, id ${user.id})` : `User:       ${userName(identity)}`,
    ...(identity.database !== null ? [`Database:   ${identity.database}`] : []),
    `Company:    ${companies.current.name ? `${companies.current.name} (current)` : 'not readable'}`,
    `Companies:  ${companies.allowed.map((company) => company.name).join(', ') || 'none'}`,
    `Language:   ${identity.lang ?? 'not set'}`,
    `Time zone:  ${identity.tz ?? 'not set'}`,
    `API key:    ${keyText(identity.key)}`,
    'Groups:',
    ...groupsByApplication(identity.groups).flatMap((section) => [
      `  ${section.application}`,
      ...section.groups.map((group) => `    ${group.fullName}${groupSuffix(group)}`),
    ]),
  ];
  if (identity.groups.length === 0) lines.push('  none the user may read');
  for (const problem of identity.problems ?? []) lines.push(`Not readable: ${problem}`);
  return `${lines.join('\n')}\n`;
}

/** The Markdown of the "Who am I" view; everything from the server is escaped. */
export function identityMarkdown(identity: AccessIdentity, connectionName: string): string {
  const { user, companies } = identity;
  const text = (value: string) => escapeMarkdown(value, 'inline');
  const parts = [
    `# ${text(`Who am I on ${connectionName}`)}`,
    (user.name ? `**${text(user.name)}**, login ${escapeMarkdown(user.login, 'code')}, user id ${user.id}` : text(userName(identity))) +
      (identity.database !== null ? `, database ${escapeMarkdown(identity.database, 'code')}` : ''),
    '## Companies',
    companies.allowed
      .map((company) => `- ${text(company.name)}${company.id === companies.current.id ? ' **(current)**' : ''}`)
      .join('\n') || '- none',
    '## Language and time zone',
    `- Language: ${identity.lang === null ? 'not set' : escapeMarkdown(identity.lang, 'code')}\n- Time zone: ${identity.tz === null ? 'not set' : escapeMarkdown(identity.tz, 'code')}`,
    '## API key',
    text(keyText(identity.key)),
    '## Groups by application',
    ...groupsByApplication(identity.groups).flatMap((section) => [
      `### ${text(section.application)}`,
      section.groups
        .map(
          (group) =>
            `- ${text(group.fullName)}${group.xmlId ? ` ${escapeMarkdown(group.xmlId, 'code')}` : ''}${group.implied ? ' *(implied)*' : ''}`,
        )
        .join('\n'),
    ]),
  ];
  if (identity.groups.length === 0) parts.push('None the user may read.');
  if (identity.problems?.length) parts.push('## Not readable', identity.problems.map((problem) => `- ${text(problem)}`).join('\n'));
  return `${parts.join('\n\n')}\n`;
}
