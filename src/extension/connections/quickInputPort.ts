// The InputPort on VS Code's input boxes and quick picks: titles with steps, a back button, checks shown while busy.
import * as vscode from 'vscode';
import {
  BACK,
  type Back,
  type CheckOutcome,
  type InputPort,
  type PickManyQuestion,
  type PickQuestion,
  type TextQuestion,
} from '../../core/connections/inputPort';
import { inertLinks } from '../../core/untrustedText/linkedText';

/**
 * Lets extension tests drive the real input boxes: a preset value fills a box (or selects an item) when it opens, and
 * the events say which step is showing and what problem it shows. Accepting is still done through the workbench's own
 * command (`workbench.action.acceptSelectedQuickOpenItem`), as a person presses Enter. Only created in test mode.
 */
export class InputAutomation implements vscode.Disposable {
  readonly #shown = new vscode.EventEmitter<string>();
  readonly #problems = new vscode.EventEmitter<{ step: string; message: string }>();
  readonly #presets = new Map<string, string | boolean>();
  readonly #preset = new vscode.EventEmitter<void>();
  /** Fires when presets are added, so that an input already showing can take its new value, as a person retypes. */
  readonly onDidPreset = this.#preset.event;
  /** The id of each step as its input opens. */
  readonly onDidShow = this.#shown.event;
  /** A problem shown on a step's input (a failed check). */
  readonly onDidShowProblem = this.#problems.event;

  /** Values to put into the next inputs of these steps (each used once). */
  preset(values: Readonly<Record<string, string | boolean>>): void {
    for (const [step, value] of Object.entries(values)) this.#presets.set(step, value);
    this.#preset.fire();
  }

  /** Takes the preset of a step, if any. */
  take(step: string): string | boolean | undefined {
    const value = this.#presets.get(step);
    this.#presets.delete(step);
    return value;
  }

  shown(step: string): void {
    this.#shown.fire(step);
  }

  problem(step: string, message: string): void {
    this.#problems.fire({ step, message });
  }

  dispose(): void {
    this.#preset.dispose();
    this.#shown.dispose();
    this.#problems.dispose();
  }
}

export class QuickInputPort implements InputPort {
  readonly #automation: InputAutomation | undefined;

  constructor(automation?: InputAutomation) {
    this.#automation = automation;
  }

  askText<R>(question: TextQuestion<R>): Promise<R | Back | undefined> {
    const box = this.#openTextBox(question);
    const abort = new AbortController();
    return new Promise((resolve) => {
      let done = false;
      let checking = false;
      const finish = (result: R | Back | undefined): void => {
        if (done) return;
        done = true;
        abort.abort();
        subscriptions.forEach((subscription) => subscription.dispose());
        box.dispose();
        resolve(result);
      };
      const subscriptions = [
        box.onDidChangeValue((value) => {
          if (!checking) box.validationMessage = question.validate?.(value);
        }),
        box.onDidTriggerButton((button) => {
          if (button === vscode.QuickInputButtons.Back) finish(BACK);
        }),
        box.onDidHide(() => finish(undefined)),
        ...this.#followPresets(question.id, (value) => {
          box.value = value;
        }),
        box.onDidAccept(async () => {
          if (checking) return;
          const value = box.value;
          const invalid = question.validate?.(value);
          if (invalid) {
            box.validationMessage = invalid;
            this.#automation?.problem(question.id, invalid);
            return;
          }
          checking = true;
          box.busy = true;
          box.enabled = false;
          box.validationMessage = undefined;
          const outcome = await checkedAnswer(question, value, abort.signal);
          checking = false;
          if (done) return;
          box.busy = false;
          box.enabled = true;
          if ('value' in outcome) return finish(outcome.value);
          box.validationMessage = inertLinks(outcome.problem);
          this.#automation?.problem(question.id, outcome.problem);
        }),
      ];
      box.show();
      this.#automation?.shown(question.id);
    });
  }

  /** The question's input box, not shown yet: titled, stepped, with its preset (tests) or default value. */
  #openTextBox<R>(question: TextQuestion<R>): vscode.InputBox {
    const box = vscode.window.createInputBox();
    Object.assign(box, {
      title: question.title,
      step: question.step,
      totalSteps: question.totalSteps,
      prompt: question.prompt,
      placeholder: question.placeholder,
      password: question.password === true,
      ignoreFocusOut: true,
      buttons: question.step > 1 ? [vscode.QuickInputButtons.Back] : [],
    });
    const preset = this.#automation?.take(question.id);
    box.value = typeof preset === 'string' ? preset : (question.value ?? '');
    return box;
  }

  /** In test mode, a text preset for this step while its box shows goes into the box, as a person retypes. */
  #followPresets(step: string, retype: (value: string) => void): vscode.Disposable[] {
    const automation = this.#automation;
    if (!automation) return [];
    return [
      automation.onDidPreset(() => {
        const value = automation.take(step);
        if (typeof value === 'string') retype(value);
      }),
    ];
  }

  pick<T>(question: PickQuestion<T>): Promise<T | Back | undefined> {
    const { pick, items } = this.#createPick(question, false);
    const preset = this.#automation?.take(question.id);
    const active = items.find((item) => (preset !== undefined ? String(item.value) === String(preset) : item.value === question.active));
    if (active) pick.activeItems = [active];
    return this.#answerOf(pick, question.id, () => {
      const chosen = pick.selectedItems[0] ?? pick.activeItems[0];
      return chosen ? { value: chosen.value } : undefined;
    });
  }

  /** Check boxes; a test's preset is the checked values joined by commas. Accepting with none checked cancels. */
  pickMany<T>(question: PickManyQuestion<T>): Promise<readonly T[] | Back | undefined> {
    const { pick, items } = this.#createPick(question, true);
    const preset = this.#automation?.take(question.id);
    const checked = typeof preset === 'string' ? preset.split(',') : (question.selected ?? []).map(String);
    pick.selectedItems = items.filter((item) => checked.includes(String(item.value)));
    return this.#answerOf(pick, question.id, () => {
      const chosen = new Set(pick.selectedItems);
      return { value: chosen.size > 0 ? items.filter((item) => chosen.has(item)).map((item) => item.value) : undefined };
    });
  }

  /** The question's quick pick, not shown yet: titled, stepped, its items carrying their values. */
  #createPick<T>(question: PickQuestion<T> | PickManyQuestion<T>, canSelectMany: boolean) {
    const pick = vscode.window.createQuickPick<PickItem<T>>();
    const items: PickItem<T>[] = question.items.map((item) => ({
      label: item.label,
      description: item.description,
      detail: item.detail,
      value: item.value,
    }));
    Object.assign(pick, {
      title: question.title,
      step: question.step,
      totalSteps: question.totalSteps,
      placeholder: question.placeholder,
      items,
      ignoreFocusOut: true,
      buttons: question.step > 1 ? [vscode.QuickInputButtons.Back] : [],
    });
    if (canSelectMany) pick.canSelectMany = true;
    return { pick, items };
  }

  /** Shows the pick; settles on Back, on hiding it, or on an accept that `accepted` turns into an answer (none: it stays open). */
  #answerOf<T, R>(
    pick: vscode.QuickPick<PickItem<T>>,
    step: string,
    accepted: () => { value: R } | undefined,
  ): Promise<R | Back | undefined> {
    return new Promise((resolve) => {
      let done = false;
      const finish = (result: R | Back | undefined): void => {
        if (done) return;
        done = true;
        subscriptions.forEach((subscription) => subscription.dispose());
        pick.dispose();
        resolve(result);
      };
      const subscriptions = [
        pick.onDidTriggerButton((button) => {
          if (button === vscode.QuickInputButtons.Back) finish(BACK);
        }),
        pick.onDidHide(() => finish(undefined)),
        pick.onDidAccept(() => {
          const answer = accepted();
          if (answer) finish(answer.value);
        }),
      ];
      pick.show();
      this.#automation?.shown(step);
    });
  }
}

type PickItem<T> = vscode.QuickPickItem & { value: T };

/** The question's own check of an accepted value; a check that throws becomes the problem shown. */
function checkedAnswer<R>(question: TextQuestion<R>, value: string, signal: AbortSignal): Promise<CheckOutcome<R>> {
  return question.check(value, signal).catch((error: unknown) => ({ problem: String((error as Error)?.message ?? error) }));
}
