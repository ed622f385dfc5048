// The JSON tree: objects and arrays fold (native <details>), children are built when opened, and a search opens matches.
import { button, element } from './domBuilder';

const CHILDREN_PER_PAGE = 500;
const MAX_MATCHES = 1000;

/** A folding tree of any JSON value. */
export class JsonTree {
  readonly root = element('div', { class: 'json-tree' });
  readonly #search = element('input', { type: 'search', placeholder: 'Search keys and values', 'aria-label': 'Search the answer' });
  readonly #count = element('span', { class: 'match-count', 'aria-live': 'polite' });
  readonly #tree = element('div', { role: 'tree', 'aria-label': 'Answer' });
  #value: unknown;
  /** Paths (joined by \u0000) of nodes to open, and of nodes that match. */
  #open = new Set<string>();
  #matches = new Set<string>();

  constructor() {
    const bar = element('div', { class: 'tree-tools' });
    bar.append(this.#search, this.#count);
    this.#search.addEventListener('input', () => this.search(this.#search.value));
    this.root.append(bar, this.#tree);
  }

  get matchCount(): number {
    return this.#matches.size;
  }

  setValue(value: unknown): void {
    this.#value = value;
    this.search(this.#search.value);
  }

  /** Opens every node on the way to a key or value that contains `text` (case-insensitive) and marks it. */
  search(text: string): void {
    this.#search.value = text;
    this.#open = new Set(['']);
    this.#matches = new Set();
    const needle = text.trim().toLowerCase();
    if (needle !== '') this.#collect(this.#value, [], needle);
    this.#count.textContent = needle === '' ? '' : `${this.#matches.size}${this.#matches.size >= MAX_MATCHES ? '+' : ''} matches`;
    this.#tree.replaceChildren(this.#node(undefined, this.#value, []));
  }

  #collect(value: unknown, path: string[], needle: string): void {
    if (this.#matches.size >= MAX_MATCHES) return;
    const key = path.at(-1);
    const scalar = value === null || typeof value !== 'object';
    if ((key !== undefined && key.toLowerCase().includes(needle)) || (scalar && String(value).toLowerCase().includes(needle))) {
      this.#matches.add(path.join('\u0000'));
      for (let depth = 0; depth < path.length; depth++) this.#open.add(path.slice(0, depth).join('\u0000'));
    }
    if (!scalar) for (const [childKey, child] of Object.entries(value as object)) this.#collect(child, [...path, childKey], needle);
  }

  #node(key: string | undefined, value: unknown, path: string[]): HTMLElement {
    const id = path.join('\u0000');
    const label = element('span', { class: 'tree-key' }, key === undefined ? '' : `${key}: `);
    if (value === null || typeof value !== 'object') {
      const leaf = element('div', { class: `tree-leaf${this.#matches.has(id) ? ' match' : ''}`, role: 'treeitem' });
      leaf.append(label, element('span', { class: `tree-value ${value === null ? 'null' : typeof value}` }, JSON.stringify(value)));
      return leaf;
    }
    const entries = Object.entries(value);
    const details = element('details', { class: this.#matches.has(id) ? 'match' : '', role: 'treeitem' });
    const summary = element('summary');
    summary.append(label, element('span', { class: 'tree-summary' }, Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`));
    details.append(summary);
    const fill = () => {
      if (details.childElementCount > 1) return;
      this.#children(details, entries, path, 0);
    };
    details.addEventListener('toggle', () => {
      if (details.open) fill();
    });
    if (this.#open.has(id)) {
      details.open = true;
      fill();
    }
    return details;
  }

  #children(parent: HTMLElement, entries: [string, unknown][], path: string[], from: number): void {
    const group = element('div', { class: 'tree-children', role: 'group' });
    for (const [key, child] of entries.slice(from, from + CHILDREN_PER_PAGE)) group.append(this.#node(key, child, [...path, key]));
    parent.append(group);
    const rest = entries.length - from - CHILDREN_PER_PAGE;
    if (rest > 0) {
      const more = button(`Show ${Math.min(rest, CHILDREN_PER_PAGE)} more of ${rest}`, () => {
        more.remove();
        this.#children(parent, entries, path, from + CHILDREN_PER_PAGE);
      });
      parent.append(more);
    }
  }
}
