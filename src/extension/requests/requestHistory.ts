// The last 100 answers of a workspace (already redacted), kept in its state: listed, shown again, rerun, cleared.
import * as vscode from 'vscode';
import type { PanelResponse } from '../../shared/panelMessages';
import type { PanelAnswer } from './panelAnswer';

const KEY = 'json2.requestHistory';
const MAX_ENTRIES = 100;
/** Bodies larger than this (as JSON) are kept as a note: the history must stay small. */
const MAX_BODY_CHARS = 64 * 1024;

export interface HistoryEntry {
  readonly id: string;
  /** ISO time of the answer. */
  readonly at: string;
  readonly uri: string;
  readonly index: number;
  readonly response: PanelResponse;
}

export class RequestHistory {
  readonly #changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.#changed.event;

  constructor(private readonly state: vscode.Memento) {}

  entries(): readonly HistoryEntry[] {
    return this.state.get<HistoryEntry[]>(KEY) ?? [];
  }

  find(id: string): HistoryEntry | undefined {
    return this.entries().find((entry) => entry.id === id);
  }

  async add(uri: string, index: number, response: PanelAnswer): Promise<void> {
    // The answer's size on the wire decides, so a large answer is never turned into text again just to measure it.
    const size = response.sizeBytes ?? response.answer?.size ?? (JSON.stringify(response.body) ?? '').length;
    const { rawText: _raw, answer, ...kept } = response;
    const small = size <= MAX_BODY_CHARS;
    const body = small ? (answer ? answer.value() : response.body) : `(an answer of ${size} bytes is not kept in the history)`;
    const entry: HistoryEntry = {
      id: response.id,
      at: new Date().toISOString(),
      uri,
      index,
      response: { ...kept, body, fromHistory: true },
    };
    await this.state.update(KEY, [entry, ...this.entries()].slice(0, MAX_ENTRIES));
    this.#changed.fire();
  }

  async clear(): Promise<void> {
    await this.state.update(KEY, undefined);
    this.#changed.fire();
  }

  dispose(): void {
    this.#changed.dispose();
  }
}
