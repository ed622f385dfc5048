// Remembers, per connection, the scope and lifetime last chosen for a new key (in the editor's global state; never a key).
import type * as vscode from 'vscode';
import type { KeyChoice, KeyChoiceMemory } from '../../core/keys/keyFlowPorts';

const STATE_KEY = 'json2.keys.choices';

export class KeyChoices implements KeyChoiceMemory {
  readonly #state: vscode.Memento;

  constructor(state: vscode.Memento) {
    this.#state = state;
  }

  get(connection: string): KeyChoice | undefined {
    return this.#all()[connection.toLowerCase()];
  }

  async remember(connection: string, choice: KeyChoice): Promise<void> {
    await this.#state.update(STATE_KEY, { ...this.#all(), [connection.toLowerCase()]: { scope: choice.scope, lifetime: choice.lifetime } });
  }

  #all(): Readonly<Record<string, KeyChoice>> {
    return this.#state.get<Record<string, KeyChoice>>(STATE_KEY) ?? {};
  }
}
