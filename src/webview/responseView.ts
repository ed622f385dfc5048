// The response panel's page: header (status, time, size), toolbar, and the table, tree, raw or error view of an answer.
import type { CommandMessage, PanelResponse, PanelState, PanelView, ViewAction } from '../shared/panelMessages';
import type { FilteredAnswer } from './answerFilter';
import { AnswerReader } from './answerReader';
import { isRecordList } from './cellText';
import { button, element, isDisabled, setDisabled, type PanelButton } from './domBuilder';
import { ErrorView } from './errorView';
import { ExplanationView } from './explanationView';
import { FilterBox } from './filterBox';
import { loadedFilter, loadFilter } from './filterLoader';
import { JsonTree } from './jsonTree';
import { RecordsTable } from './recordsTable';
import { mark, newAnswer, viewTimeline } from './viewTimeline';

export interface ViewHost {
  command(command: CommandMessage['command']): void;
  copy(text: string, what: string): void;
  openRecord(id: number, field?: string): void;
  filter(text: string): void;
}

const RAW_LIMIT = 2_000_000;

export class ResponseView {
  readonly #status = element('div', { class: 'status', role: 'status', 'aria-live': 'polite' });
  readonly #tabs = element('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Views' });
  readonly #tools = element('div', { class: 'tools', role: 'toolbar', 'aria-label': 'Answer' });
  readonly #content = element('main', { class: 'content' });
  readonly #raw = element('pre', { class: 'raw', tabindex: '0', 'aria-label': 'Raw answer' });
  readonly #table: RecordsTable;
  readonly #tree = new JsonTree();
  readonly #error = new ErrorView();
  readonly #explanation = new ExplanationView();
  readonly #filter: FilterBox;
  #response: PanelResponse | undefined;
  /** The whole answer (before the filter), once it has all come; the records so far while they come. */
  #answer: unknown;
  #complete = false;
  /** Reads an answer that comes as bytes. */
  #reader: AnswerReader | undefined;
  /** The part of the answer shown: the whole answer, or what the filter selects. */
  #body: unknown;
  #filtered: FilteredAnswer | undefined;
  #view: PanelState['view'] = 'empty';
  #busy = false;
  #title = '';
  readonly #pager = {
    previous: button('Previous page', () => this.host.command('previousPage'), {}, 'chevron-left'),
    next: button('Next page', () => this.host.command('nextPage'), {}, 'chevron-right'),
  };
  readonly #buttons = new Map<CommandMessage['command'], PanelButton>();
  #exportChoice: HTMLSelectElement | undefined;

  constructor(
    private readonly host: ViewHost,
    root: HTMLElement,
  ) {
    this.#table = new RecordsTable(host);
    this.#filter = new FilterBox((text) => this.#filterChanged(text));
    this.#filter.input.addEventListener('focus', () => void loadFilter().catch(() => undefined));
    const exportChoice = element('select', { 'aria-label': 'Export the request' });
    for (const [value, label] of [
      ['', 'Export…'],
      ['exportCurl', 'cURL'],
      ['exportPython', 'Python'],
      ['exportJavaScript', 'JavaScript'],
      ['exportExecuteKw', 'execute_kw'],
    ]) {
      exportChoice.append(element('option', { value }, label));
    }
    exportChoice.addEventListener('change', () => {
      if (exportChoice.value) host.command(exportChoice.value as CommandMessage['command']);
      exportChoice.value = '';
    });
    this.#exportChoice = exportChoice;
    const commandButton = (label: string, command: CommandMessage['command'], icon: string) => {
      const made = button(label, () => host.command(command), {}, icon);
      this.#buttons.set(command, made);
      return made;
    };
    this.#buttons.set('previousPage', this.#pager.previous).set('nextPage', this.#pager.next);
    this.#tools.append(
      commandButton('Cancel', 'cancel', 'stop-circle'),
      button('Copy', () => host.copy(this.#rawText(), 'answer'), {}, 'copy'),
      commandButton('Save…', 'save', 'save'),
      commandButton('Rerun', 'rerun', 'refresh'),
      commandButton('Go to request', 'goToRequest', 'go-to-file'),
      commandButton('Explain', 'explain', 'question'),
      exportChoice,
      this.#pager.previous,
      this.#pager.next,
      this.#filter.input,
    );
    root.replaceChildren(this.#status, this.#tabs, this.#tools, this.#filter.message, this.#explanation.root, this.#content);
    this.#renderStatus();
  }

  running(title: string): void {
    this.#busy = true;
    this.#title = title;
    this.#renderStatus();
  }

  show(response: PanelResponse): void {
    newAnswer();
    this.#busy = false;
    this.#response = response;
    this.#title = response.title;
    this.#filter.show(response.filter?.text ?? '', undefined);
    this.#explanation.show(response.explanation);
    this.#reader = response.bytes ? new AnswerReader(response.bytes.total) : undefined;
    this.#answer = response.records ? [] : response.body;
    this.#complete = !response.records && !response.bytes;
    this.#filtered = undefined;
    this.#body = response.records ? this.#answer : undefined;
    if (this.#complete) this.#present();
    else this.#presentIncoming(response.records ? 'table' : undefined);
  }

  /** Records that follow a `show` of a records answer. */
  rows(id: string, start: number, rows: readonly unknown[]): void {
    const records = this.#answer;
    if (this.#response?.id !== id || this.#complete || !Array.isArray(records) || start !== records.length) return;
    this.#table.append(rows as Record<string, unknown>[]);
    if (records.length === this.#response.records?.total) this.#completed(records, true);
    this.#renderStatus();
  }

  /** A slice of an answer that comes as bytes: the items it completes show at once, the rest when all has come. */
  bytes(id: string, start: number, data: Uint8Array): void {
    const reader = this.#reader;
    if (this.#response?.id !== id || !reader || start !== reader.received) return;
    if (start === 0) mark('firstBytesReceived');
    const progress = reader.read(data);
    if (progress.items.length > 0 && !this.#hasFilter()) {
      if (this.#body === undefined && reader.streaming && isRecordList(progress.items)) {
        this.#body = [...progress.items];
        this.#presentIncoming('table');
      } else if (Array.isArray(this.#body) && this.#view === 'table') this.#table.append(progress.items as Record<string, unknown>[]);
    }
    if (progress.done) this.#completed(reader.value, Array.isArray(this.#body) && this.#body.length === reader.items.length);
    this.#renderStatus();
  }

  #hasFilter(): boolean {
    return this.#filter.input.value.trim() !== '' || (this.#response?.filter?.text ?? '').trim() !== '';
  }

  /** The whole answer has come; `shownWhole`: the table already shows all of it, unfiltered. */
  #completed(answer: unknown, shownWhole: boolean): void {
    this.#answer = answer;
    this.#complete = true;
    mark('allRowsReceived');
    if (shownWhole && !this.#hasFilter()) {
      this.#renderTabs();
      return;
    }
    this.#present();
  }

  /** While the answer comes: its records in the table, else a line saying it is on its way. */
  #presentIncoming(view: 'table' | undefined): void {
    if (this.#response?.error) this.#view = 'error';
    else if (view && !this.#hasFilter()) {
      this.#view = 'table';
      this.#table.setRecords(this.#body as Record<string, unknown>[]);
    } else this.#view = 'tree';
    this.#renderStatus();
    this.#renderTabs();
    if (this.#view === 'tree') this.#content.replaceChildren(element('p', { class: 'receiving' }, 'Receiving the answer…'));
    else this.#renderContent();
  }

  /** Shows the whole answer, narrowed by the filter's path (once the filter's code has loaded, when there is a path). */
  #present(): void {
    const response = this.#response;
    if (!response) return;
    const text = this.#filter.input.value;
    const filter = loadedFilter();
    if (!response.error && text.trim() !== '' && !filter) {
      const answer = this.#answer;
      loadFilter().then(
        () => this.#answer === answer && this.#present(),
        (error: Error) => this.#filter.show(text, error.message),
      );
      return;
    }
    this.#filtered = response.error || !filter ? { body: this.#answer } : filter(this.#answer, text);
    this.#body = this.#filtered.body;
    this.#filter.show(text, this.#filtered.error);
    const keepRaw = this.#view === 'raw' && text.trim() !== '';
    if (response.error) this.#view = 'error';
    else if (keepRaw) this.#view = 'raw';
    else if (isRecordList(this.#body)) this.#view = 'table';
    else this.#view = 'tree';
    if (this.#view === 'table') this.#table.setRecords(this.#body as Record<string, unknown>[]);
    this.#renderStatus();
    this.#renderTabs();
    this.#renderContent();
  }

  /** The filter box's path changed: the host keeps it for the request, the view narrows the answer by it. */
  #filterChanged(text: string): void {
    this.host.filter(text);
    if (this.#complete) this.#present();
    else this.#filter.show(text, undefined);
  }

  act(action: ViewAction): void {
    if (action.kind === 'view') this.#select(action.view);
    else if (action.kind === 'sort') this.#table.sortBy(action.column);
    else if (action.kind === 'search') {
      this.#select('tree');
      this.#tree.search(action.text);
    } else if (action.kind === 'scroll') this.#table.scrollToRow(action.row);
    else if (action.kind === 'select') this.#table.select(action.row, action.column);
    else if (action.kind === 'copy') this.#table.copy(action.what);
    else if (action.kind === 'press') this.#press(action.command);
    else if (action.kind === 'openInBrowser') this.#table.openSelected();
    else if (action.kind === 'filter') {
      this.#filter.input.value = action.text;
      this.#filter.apply();
    } else this.#error.toggleTraceback();
  }

  /** Clicks the control of `command` as a person would: a button, or the export list's choice. */
  #press(command: CommandMessage['command']): void {
    const pressed = this.#buttons.get(command);
    if (pressed) {
      if (!pressed.hidden && !isDisabled(pressed)) pressed.click();
      return;
    }
    const choice = this.#exportChoice;
    if (!choice) return;
    choice.value = command;
    choice.dispatchEvent(new Event('change'));
  }

  state(): PanelState {
    if (this.#view === 'table') this.#table.render();
    const visible = this.#view === 'table' ? this.#table.visible() : { cells: [], titles: [], rendered: 0 };
    const error = this.#view === 'error' ? this.#error.state() : undefined;
    const response = this.#response;
    return {
      busy: this.#busy,
      title: this.#title,
      statusText: this.#status.textContent ?? '',
      view: this.#view,
      rowsReceived: this.#view === 'table' ? this.#table.rowCount : 0,
      rowsExpected: this.#rowsExpected(),
      columns: this.#view === 'table' ? [...this.#table.columns] : [],
      ...(this.#table.sortedBy ? { sortedBy: this.#table.sortedBy } : {}),
      renderedRows: visible.rendered,
      visibleCells: visible.cells,
      visibleTitles: visible.titles,
      ...(error ? { error } : {}),
      treeMatches: this.#tree.matchCount,
      rawText: this.#view === 'raw' ? (this.#raw.textContent ?? '') : '',
      filter: this.#filter.state(),
      ...(response?.page ? { page: response.page } : {}),
      html: document.documentElement.outerHTML,
      ...(this.#explanation.state() ? { explanation: this.#explanation.state() } : {}),
      timeline: viewTimeline(),
    };
  }

  /** Records the answer has (or will have); -1 while an answer that comes as bytes is still coming. */
  #rowsExpected(): number {
    const response = this.#response;
    if (response?.records) return response.records.total;
    if (response?.bytes && !this.#complete) return -1;
    return Array.isArray(this.#body) ? this.#body.length : 0;
  }

  #select(view: PanelView): void {
    if (!this.#response || this.#response.error) return;
    this.#view = view;
    this.#renderTabs();
    this.#renderContent();
  }

  #renderStatus(): void {
    const response = this.#response;
    const parts: HTMLElement[] = [element('span', { class: 'title' }, this.#title || 'No answer yet')];
    if (this.#busy) parts.push(element('span', { class: 'busy' }, 'Sending…'));
    if (response && !this.#busy) {
      const ok = response.ok ? 'ok' : 'failed';
      parts.push(
        element(
          'span',
          { class: `badge ${ok}` },
          response.status !== undefined ? String(response.status) : (response.error?.kind ?? 'no answer'),
        ),
      );
      parts.push(element('span', { class: 'request' }, response.request));
      if (response.context && response.context.length > 0) {
        const keys = response.context.map((entry) => `${entry.key} = ${JSON.stringify(entry.value)} (${entry.source})`);
        parts.push(
          element('span', { class: 'context', title: 'The context sent, and where each key came from' }, `context: ${keys.join(', ')}`),
        );
      }
      const timings = response.timings;
      if (timings) {
        const detail = [
          timings.connectMs !== undefined ? `connect ${timings.connectMs.toFixed(0)} ms` : '',
          timings.firstByteMs !== undefined ? `first byte ${timings.firstByteMs.toFixed(0)} ms` : '',
        ]
          .filter(Boolean)
          .join(', ');
        parts.push(element('span', { class: 'time', title: detail }, `${timings.totalMs.toFixed(0)} ms${detail ? ` (${detail})` : ''}`));
      }
      if (response.sizeBytes !== undefined) parts.push(element('span', { class: 'size' }, sizeText(response.sizeBytes)));
      if (response.transaction) {
        parts.push(
          element(
            'span',
            {
              class: `transaction ${response.transaction.committed ? 'ok' : 'failed'}`,
              title: 'Each call to the service runs in its own database transaction',
            },
            response.transaction.text,
          ),
        );
      }
      const filter = this.#filtered;
      const filtered = filter?.total !== undefined && !filter.error ? ` (filtered from ${filter.total})` : '';
      if (!this.#complete && response.records)
        parts.push(element('span', { class: 'rows' }, `${this.#table.rowCount} of ${response.records.total} records`));
      else if (!this.#complete) parts.push(element('span', { class: 'rows' }, `${this.#reader?.items.length ?? 0} items so far…`));
      else if (Array.isArray(this.#body)) parts.push(element('span', { class: 'rows' }, `${this.#body.length} items${filtered}`));
      if (response.page) parts.push(element('span', { class: 'page' }, `offset ${response.page.offset}, limit ${response.page.limit}`));
      for (const assertion of response.assertions ?? [])
        parts.push(
          element(
            'span',
            { class: `assertion ${assertion.passed ? 'ok' : 'failed'}`, title: assertion.message },
            `${assertion.passed ? '✓' : '✗'} ${assertion.text}`,
          ),
        );
    }
    this.#status.replaceChildren(...parts);
    const cancel = this.#buttons.get('cancel');
    if (cancel) cancel.hidden = !this.#busy;
    const explain = this.#buttons.get('explain');
    if (explain) explain.hidden = this.#busy || !response?.explainable || response.explanation !== undefined;
    setDisabled(this.#pager.previous, !response?.page || response.page.offset === 0);
    setDisabled(this.#pager.next, !response?.page);
    this.#pager.previous.hidden = this.#pager.next.hidden = !response?.page;
  }

  #renderTabs(): void {
    const views: PanelView[] = this.#response?.error
      ? []
      : isRecordList(this.#body) || (this.#response?.records && !this.#complete)
        ? ['table', 'tree', 'raw']
        : ['tree', 'raw'];
    const icons: Record<PanelView, string> = { table: 'table', tree: 'list-tree', raw: 'json' };
    this.#tabs.replaceChildren(
      ...views.map((view) =>
        button(
          view[0].toUpperCase() + view.slice(1),
          () => this.#select(view),
          {
            role: 'tab',
            'aria-selected': String(view === this.#view),
          },
          icons[view],
        ),
      ),
    );
  }

  #renderContent(): void {
    const response = this.#response;
    if (!response) return;
    if (this.#view === 'error' && response.error) {
      this.#error.show(response.error);
      this.#content.replaceChildren(this.#error.root);
    } else if (this.#view === 'table') {
      this.#content.replaceChildren(this.#table.root);
      this.#table.render();
    } else if (this.#view === 'tree') {
      this.#tree.setValue(this.#body);
      this.#content.replaceChildren(this.#tree.root);
    } else {
      this.#raw.textContent = this.#rawText();
      this.#content.replaceChildren(this.#raw);
    }
  }

  #rawText(): string {
    const response = this.#response;
    if (!response) return '';
    const whole = !this.#filtered || this.#filtered.body === this.#answer;
    const asReceived = whole ? (response.rawText ?? this.#reader?.text()) : undefined;
    if (asReceived !== undefined) return asReceived;
    const text = JSON.stringify(this.#complete ? this.#body : this.#answer, null, 2) ?? '';
    return text.length > RAW_LIMIT ? `${text.slice(0, RAW_LIMIT)}\n… (${text.length - RAW_LIMIT} more characters)` : text;
  }
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
