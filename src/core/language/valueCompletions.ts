// Values offered in the third element of a condition (and in vals): selection keys, booleans, record names, dates.
import type { FieldInfo } from '../schema/schemaTypes';
import type { StringToken } from './cursorContext';
import { jsonStringText } from './insertedText';
import type { CompletionKind } from './languageTypes';

/** A completion before its range is placed: the caller knows where it goes. */
export interface DraftItem {
  readonly label: string;
  readonly kind: CompletionKind;
  readonly detail?: string;
  readonly documentation?: string;
  /** Documentation made when the item is shown (see LanguageCompletion). */
  readonly resolveDocumentation?: () => string;
  /** Text inserted in place of the replaced span (quotes included when `quoted`). */
  readonly insertText?: string;
  readonly snippet?: boolean;
  readonly sortText: string;
  readonly filterText?: string;
  readonly retrigger?: boolean;
}

const TODAY = (now: Date) => now.toISOString().slice(0, 10);

/** The value items for a field; `inString` when the cursor is inside a string literal (its content is replaced). */
export function valueItems(field: FieldInfo, operator: string, inString: boolean, now: Date): DraftItem[] {
  const quote = (text: string) => jsonStringText(text, !inString);
  switch (field.type) {
    case 'boolean':
      return inString ? [] : ['true', 'false'].map((value, index) => ({ label: value, kind: 'value' as const, sortText: `0${index}` }));
    case 'selection':
      return (field.selection ?? []).map(([value, label], index) => ({
        label: value,
        kind: 'value' as const,
        detail: label,
        insertText: quote(value),
        sortText: String(index).padStart(4, '0'),
        filterText: inString ? value : jsonStringText(value, true),
      }));
    case 'date':
      return [
        {
          label: TODAY(now),
          kind: 'value',
          detail: 'date (YYYY-MM-DD)',
          insertText: inString ? `\${1:${TODAY(now)}}` : `"\${1:${TODAY(now)}}"`,
          snippet: true,
          sortText: '0',
        },
        {
          label: '{{$date}}',
          kind: 'value',
          detail: 'today, when sent',
          insertText: inString ? '{{$date}}' : '"{{$date}}"',
          sortText: '1',
        },
      ];
    case 'datetime':
      return [
        {
          label: `${TODAY(now)} 00:00:00`,
          kind: 'value',
          detail: 'datetime in UTC (YYYY-MM-DD HH:MM:SS)',
          insertText: inString ? `\${1:${TODAY(now)}} \${2:00:00:00}` : `"\${1:${TODAY(now)}} \${2:00:00:00}"`,
          snippet: true,
          sortText: '0',
        },
      ];
    default:
      if (!inString && (operator === 'in' || operator === 'not in'))
        return [{ label: '[]', kind: 'value', detail: 'a list of values', insertText: '[$0]', snippet: true, sortText: '9' }];
      return [];
  }
}

/** Record-name items from `name_search`: the id is inserted, the name shown (a name inside a string). */
export function recordItems(
  records: ReadonlyArray<readonly [number, string]>,
  operator: string,
  token: StringToken | undefined,
): DraftItem[] {
  return records.map(([id, name], index) => {
    const byName = token !== undefined;
    const inList = operator === 'in' || operator === 'not in';
    return {
      label: byName ? name : String(id),
      kind: 'value' as const,
      detail: byName ? `id ${id}` : name,
      insertText: byName ? jsonStringText(name, false) : inList ? `[${id}]` : String(id),
      sortText: String(index).padStart(4, '0'),
      filterText: byName ? name : `${id} ${name}`,
    };
  });
}
