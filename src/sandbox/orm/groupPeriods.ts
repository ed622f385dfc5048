// Periods of grouped reads by a date or datetime (day, week, month, quarter, year), as the reference server makes
// them: a datetime falls in the period of its local time in the context's time zone (`tz`), a week starts on the
// language's first day of the week, and a period is labelled in that language's week numbering ("W2 2026").

export const GRANULARITIES = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** How a language counts weeks: the first day (1 Monday ... 7 Sunday) and the days of the year week 1 needs. */
export interface WeekRules {
  firstDay: number;
  minDays: number;
}

/** Territories whose weeks start on Sunday and count week 1 from 1 January (CLDR); elsewhere ISO weeks. */
const SUNDAY_TERRITORIES = new Set(['US', 'CA', 'JP', 'BR', 'MX', 'IL', 'IN', 'KR', 'TW', 'HK', 'PH']);

/** The week rules of a language code (`en_US`: Sunday, 1 day; `fr_FR`: Monday, 4 days, as ISO). */
export function weekRules(lang: unknown): WeekRules {
  const territory = typeof lang === 'string' ? (lang.split(/[_-]/)[1] ?? '').toUpperCase() : 'US';
  return SUNDAY_TERRITORIES.has(territory) ? { firstDay: 7, minDays: 1 } : { firstDay: 1, minDays: 4 };
}

/** What a grouped read needs to place values in periods: the time zone of datetimes (null: UTC) and the week rules. */
export interface PeriodSettings {
  tz: string | null;
  week: WeekRules;
}

/** SQL of the start of the period of `local` (a timestamp or date expression in local time). */
function truncSql(granularity: Granularity, local: string, week: WeekRules): string {
  if (granularity !== 'week' || week.firstDay === 1) return `date_trunc('${granularity}', ${local})`;
  // PostgreSQL's weeks start on Monday: shift so that the language's first day falls on a Monday, then shift back.
  const shift = `interval '${(8 - week.firstDay) % 7} day'`;
  return `(date_trunc('week', ${local} + ${shift}) - ${shift})`;
}

/** PostgreSQL's step of one period. */
function stepSql(granularity: Granularity): string {
  return granularity === 'quarter' ? "interval '3 month'" : `interval '1 ${granularity}'`;
}

/**
 * The SQL of one period groupby over `value` (a column): `key` groups (the local first day, `YYYY-MM-DD`), `start`
 * and `end` are the period's bounds as the field stores them (UTC datetimes, or dates), constant in a group.
 */
export function periodSql(
  type: 'date' | 'datetime',
  granularity: Granularity,
  value: string,
  settings: PeriodSettings,
): { key: string; start: string; end: string } {
  if (type === 'date') {
    const start = truncSql(granularity, `${value}::timestamp`, settings.week);
    return {
      key: `to_char(${start}, 'YYYY-MM-DD')`,
      start: `to_char(${start}, 'YYYY-MM-DD')`,
      end: `to_char(${start} + ${stepSql(granularity)}, 'YYYY-MM-DD')`,
    };
  }
  const zone = settings.tz ?? 'UTC';
  const zoneLiteral = `'${zone.replace(/'/g, "''")}'`;
  const local = `((${value} AT TIME ZONE 'UTC') AT TIME ZONE ${zoneLiteral})`;
  const start = truncSql(granularity, local, settings.week);
  const utc = (localTime: string) => `to_char((${localTime} AT TIME ZONE ${zoneLiteral}) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;
  return { key: `to_char(${start}, 'YYYY-MM-DD')`, start: utc(start), end: utc(`(${start} + ${stepSql(granularity)})`) };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The week number and week year of `date` by `rules` (week 1 holds at least `minDays` days of its year). */
function weekOfYear(date: Date, rules: WeekRules): [number, number] {
  const firstWeekStart = (year: number) => {
    const january = new Date(Date.UTC(year, 0, 1));
    const offset = (january.getUTCDay() - (rules.firstDay % 7) + 7) % 7;
    const start = new Date(Date.UTC(year, 0, 1 - offset));
    if (7 - offset < rules.minDays) start.setUTCDate(start.getUTCDate() + 7);
    return start;
  };
  let year = date.getUTCFullYear();
  if (date >= firstWeekStart(year + 1)) year += 1;
  else if (date < firstWeekStart(year)) year -= 1;
  return [Math.floor((date.getTime() - firstWeekStart(year).getTime()) / (7 * 86_400_000)) + 1, year];
}

/** The label of the period that starts on `start` (local `YYYY-MM-DD`), in English: `January 2026`, `W2 2026`. */
export function periodLabel(start: string, granularity: Granularity, rules: WeekRules): string {
  const date = new Date(`${start}T00:00:00Z`);
  const year = date.getUTCFullYear();
  switch (granularity) {
    case 'day':
      return `${String(date.getUTCDate()).padStart(2, '0')} ${MONTHS[date.getUTCMonth()].slice(0, 3)} ${year}`;
    case 'week': {
      const [week, weekYear] = weekOfYear(date, rules);
      return `W${week} ${weekYear}`;
    }
    case 'month':
      return `${MONTHS[date.getUTCMonth()]} ${year}`;
    case 'quarter':
      return `Q${Math.floor(date.getUTCMonth() / 3) + 1} ${year}`;
    case 'year':
      return String(year);
  }
}
