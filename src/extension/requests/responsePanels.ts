// The response panels: one reused for every file, or one per file, as the `json2.responsePanel` setting says.
import * as vscode from 'vscode';
import { AnswerFilters } from './answerFilters';
import type { PanelAnswer } from './panelAnswer';
import type { PanelEvents, ResponsePanel } from './responsePanel';

type ResponsePanelModule = typeof import('./responsePanel');
let loaded: ResponsePanelModule | undefined;

/** The panel's code: its own bundle (dist/responsePanel.js), required when the first panel opens, not at activation. */
function panelCode(): ResponsePanelModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('./responsePanel.js') as ResponsePanelModule;
  return loaded;
}

export class ResponsePanels implements vscode.Disposable {
  readonly #panels = new Map<string, ResponsePanel>();
  /** The panel shown last, for the test hook and the commands without a file. */
  #last: ResponsePanel | undefined;
  readonly #filters = new AnswerFilters();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly events: Omit<PanelEvents, 'onDispose' | 'onFilter'>,
  ) {}

  /** The panel for answers of `uri`, created (beside the editor) when needed. */
  panelFor(uri: string, title: string): ResponsePanel {
    const key = vscode.workspace.getConfiguration('json2').get<string>('responsePanel', 'single') === 'perFile' ? uri : '';
    let panel = this.#panels.get(key);
    if (!panel) {
      panel = new (panelCode().ResponsePanel)(this.extensionUri, title, {
        ...this.events,
        onFilter: (filtered, text) => {
          if (filtered.origin) this.#filters.set(filtered.origin, text);
          filtered.filterText = text;
        },
        onDispose: (closed) => {
          if (this.#panels.get(key) === closed) this.#panels.delete(key);
          if (this.#last === closed) this.#last = undefined;
        },
      });
      this.#panels.set(key, panel);
    } else {
      panel.reveal();
    }
    this.#last = panel;
    return panel;
  }

  show(uri: string, index: number, response: PanelAnswer): ResponsePanel {
    const panel = this.panelFor(uri, response.title);
    panel.origin = { uri, index };
    panel.filterText = this.#filters.textFor(panel.origin);
    panel.show(response);
    return panel;
  }

  /** Has each handover task read the kernel's account of the host's main thread (the panel benchmark). */
  measureThreadSchedule(on: boolean): void {
    panelCode().measureThreadSchedule(on);
  }

  get last(): ResponsePanel | undefined {
    return this.#last;
  }

  get count(): number {
    return this.#panels.size;
  }

  dispose(): void {
    for (const panel of this.#panels.values()) panel.dispose();
    this.#panels.clear();
  }
}
