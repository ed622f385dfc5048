// The records table: columns from the fields, sortable, cells copied one by one or by row or ids, virtual scrolling.
import { cellCopy, cellText, cellTitle, columnsOf, compareCells } from './cellText';
import { button, element } from './domBuilder';
import { rowsInDom } from './viewTimeline';

const ROW_HEIGHT = 24;
const OVERSCAN = 10;

export interface TableHost {
  copy(text: string, what: string): void;
  /** Open in Browser: a record of the answer, or (`field`) the record a many2one cell links to. */
  openRecord(id: number, field?: string): void;
}

/** A grid that keeps only the rows in sight in the DOM, so 50,000 rows scroll as smoothly as 50. */
export class RecordsTable {
  readonly root = element('div', { class: 'records' });
  readonly #toolbar = element('div', { class: 'table-tools', role: 'toolbar', 'aria-label': 'Table' });
  readonly #grid = element('div', { class: 'grid', role: 'grid', tabindex: '0', 'aria-label': 'Records' });
  readonly #header = element('div', { class: 'grid-row grid-header', role: 'row', 'aria-rowindex': '1' });
  readonly #viewport = element('div', { class: 'grid-viewport' });
  readonly #spacer = element('div', { class: 'grid-spacer' });
  #records: Record<string, unknown>[] = [];
  #order: number[] = [];
  #columns: string[] = [];
  #sort: { column: string; descending: boolean } | undefined;
  #cursor = { row: 0, column: 0 };
  #frame = 0;

  constructor(private readonly host: TableHost) {
    this.#toolbar.append(
      button('Copy cell', () => this.copyCell(), {}, 'copy'),
      button('Copy row', () => this.copyRow(), {}, 'copy'),
      button('Copy ids', () => this.copyIds(), {}, 'copy'),
      button(
        'Open in Browser',
        () => this.openSelected(),
        { title: "The selected many2one cell's record, else the selected row's record, in the server's web client" },
        'link-external',
      ),
    );
    this.#viewport.append(this.#spacer);
    this.#grid.append(this.#header, this.#viewport);
    this.root.append(this.#toolbar, this.#grid);
    this.#viewport.addEventListener('scroll', () => this.#schedule());
    this.#grid.addEventListener('keydown', (event) => this.#onKey(event));
  }

  get columns(): readonly string[] {
    return this.#columns;
  }
  get sortedBy(): { column: string; descending: boolean } | undefined {
    return this.#sort;
  }
  get rowCount(): number {
    return this.#records.length;
  }

  /** Shows a new list of records (more may be appended). */
  setRecords(records: Record<string, unknown>[]): void {
    this.#records = records;
    this.#columns = columnsOf(records);
    this.#sort = undefined;
    this.#cursor = { row: 0, column: 0 };
    this.#viewport.scrollTop = 0;
    this.#renderHeader();
    this.#reorder();
  }

  /** Adds rows that arrived later; the sort order, if any, is kept. */
  append(rows: readonly Record<string, unknown>[]): void {
    for (const row of rows) {
      // Unsorted, the new rows go last: the order grows with them instead of being built again for every slice.
      if (!this.#sort) this.#order.push(this.#records.length);
      this.#records.push(row);
    }
    if (this.#columns.length === 0) {
      this.#columns = columnsOf(this.#records);
      this.#renderHeader();
    }
    if (this.#sort) this.#reorder();
    else this.#schedule();
  }

  sortBy(column: string): void {
    this.#sort = this.#sort?.column === column ? { column, descending: !this.#sort.descending } : { column, descending: false };
    this.#renderHeader();
    this.#reorder();
  }

  scrollToRow(row: number): void {
    this.#viewport.scrollTop = row * ROW_HEIGHT;
    this.render();
  }

  /** Moves the selected cell (as a click would). */
  select(row: number, column: number): void {
    this.#cursor = { row, column };
    this.render();
  }

  copy(what: 'cell' | 'row' | 'ids'): void {
    if (what === 'cell') this.copyCell();
    else if (what === 'row') this.copyRow();
    else this.copyIds();
  }

  copyCell(): void {
    const record = this.#recordAt(this.#cursor.row);
    const column = this.#columns[this.#cursor.column];
    if (record && column !== undefined) this.host.copy(cellCopy(record[column]), `cell ${column}`);
  }

  /** The selected cell when it is a many2one (`[id, name]`), else the selected row's record. */
  openSelected(): void {
    const record = this.#recordAt(this.#cursor.row);
    if (!record) return;
    const column = this.#columns[this.#cursor.column];
    const cell = column === undefined ? undefined : record[column];
    if (
      column !== undefined &&
      column !== 'id' &&
      Array.isArray(cell) &&
      cell.length === 2 &&
      Number.isInteger(cell[0]) &&
      typeof cell[1] === 'string'
    ) {
      this.host.openRecord(cell[0] as number, column);
    } else if (Number.isInteger(record.id)) {
      this.host.openRecord(record.id as number);
    }
  }

  copyRow(): void {
    const record = this.#recordAt(this.#cursor.row);
    if (record) this.host.copy(JSON.stringify(record), 'row');
  }

  copyIds(): void {
    this.host.copy(JSON.stringify(this.#order.map((index) => this.#records[index].id)), 'ids');
  }

  /** Cell texts and hover texts of the rows in the DOM, for the state report. */
  visible(): { cells: string[][]; titles: string[][]; rendered: number } {
    const rows = [...this.#viewport.querySelectorAll<HTMLElement>('.grid-row')];
    return {
      cells: rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')),
      titles: rows.map((row) => [...row.children].map((cell) => cell.getAttribute('title') ?? '')),
      rendered: rows.length,
    };
  }

  /** Renders the rows in sight now (also called by the scroll handler once per frame). */
  render(): void {
    // A render asked for by the next frame is redundant once this one has run (the first rows would be built twice).
    if (this.#frame !== 0) cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    const total = this.#order.length;
    this.#grid.setAttribute('aria-rowcount', String(total + 1));
    this.#spacer.style.height = `${total * ROW_HEIGHT}px`;
    const height = this.#viewport.clientHeight || 600;
    const first = Math.max(0, Math.floor(this.#viewport.scrollTop / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(total, Math.ceil((this.#viewport.scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
    const rows: HTMLElement[] = [];
    for (let position = first; position < last; position++) rows.push(this.#row(position));
    this.#spacer.replaceChildren(...rows);
    if (rows.length > 0) rowsInDom();
  }

  #row(position: number): HTMLElement {
    const record = this.#records[this.#order[position]];
    const row = element('div', { class: 'grid-row', role: 'row', 'aria-rowindex': String(position + 2) });
    row.style.transform = `translateY(${position * ROW_HEIGHT}px)`;
    this.#columns.forEach((column, index) => {
      const value = record[column];
      const cell = element('div', { class: 'grid-cell', role: 'gridcell', 'aria-colindex': String(index + 1) }, cellText(value));
      const title = cellTitle(value);
      if (title) cell.setAttribute('title', title);
      if (position === this.#cursor.row && index === this.#cursor.column) cell.setAttribute('aria-selected', 'true');
      cell.addEventListener('click', () => {
        this.#cursor = { row: position, column: index };
        this.render();
      });
      row.append(cell);
    });
    return row;
  }

  #renderHeader(): void {
    this.#header.replaceChildren(
      ...this.#columns.map((column, index) => {
        const sorted = this.#sort?.column === column ? (this.#sort.descending ? 'descending' : 'ascending') : 'none';
        const cell = element('div', { class: 'grid-cell', role: 'columnheader', 'aria-sort': sorted, 'aria-colindex': String(index + 1) });
        cell.append(
          button(`${column}${sorted === 'ascending' ? ' ▲' : sorted === 'descending' ? ' ▼' : ''}`, () => this.sortBy(column), {
            'aria-label': `Sort by ${column}`,
          }),
        );
        return cell;
      }),
    );
  }

  #reorder(): void {
    this.#order = this.#records.map((_, index) => index);
    const sort = this.#sort;
    if (sort) {
      const sign = sort.descending ? -1 : 1;
      this.#order.sort((a, b) => sign * compareCells(this.#records[a][sort.column], this.#records[b][sort.column]) || a - b);
    }
    this.#schedule();
  }

  #recordAt(position: number): Record<string, unknown> | undefined {
    const index = this.#order[position];
    return index === undefined ? undefined : this.#records[index];
  }

  #schedule(): void {
    if (this.#frame === 0) this.#frame = requestAnimationFrame(() => this.render());
  }

  #onKey(event: KeyboardEvent): void {
    const moves: Record<string, [number, number]> = {
      ArrowDown: [1, 0],
      ArrowUp: [-1, 0],
      ArrowRight: [0, 1],
      ArrowLeft: [0, -1],
      PageDown: [20, 0],
      PageUp: [-20, 0],
    };
    if ((event.ctrlKey || event.metaKey) && event.key === 'c') {
      this.copyCell();
      event.preventDefault();
      return;
    }
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const row = Math.min(Math.max(this.#cursor.row + move[0], 0), Math.max(this.#order.length - 1, 0));
    const column = Math.min(Math.max(this.#cursor.column + move[1], 0), Math.max(this.#columns.length - 1, 0));
    this.#cursor = { row, column };
    const top = row * ROW_HEIGHT;
    if (top < this.#viewport.scrollTop) this.#viewport.scrollTop = top;
    else if (top + ROW_HEIGHT > this.#viewport.scrollTop + this.#viewport.clientHeight)
      this.#viewport.scrollTop = top + ROW_HEIGHT - this.#viewport.clientHeight;
    this.render();
    const record = this.#recordAt(row);
    const name = this.#columns[column];
    if (record && name !== undefined) this.#grid.setAttribute('aria-label', `Records, row ${row + 1}, ${name}: ${cellText(record[name])}`);
  }
}
