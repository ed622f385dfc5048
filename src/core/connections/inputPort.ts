// The questions the connection flows ask a person, as a port: the extension answers with VS Code's input boxes and
// quick picks, tests with a script.

/** Returned when the person pressed the back button: the flow goes one step back. */
export const BACK = Symbol('back');
export type Back = typeof BACK;

/** What a check of an accepted value concludes: a value to go on with, or a problem to show on the same input. */
export type CheckOutcome<R> = { readonly value: R } | { readonly problem: string };

/** Position of a question in a multi-step flow, for the title bar (`2/5`) and the back button. */
export interface StepPosition {
  /** A stable name of the step (`url`, `database`, `apiKey`...), for tests and logs. */
  readonly id: string;
  readonly title: string;
  readonly step: number;
  readonly totalSteps: number;
}

export interface TextQuestion<R> extends StepPosition {
  readonly prompt: string;
  readonly placeholder?: string;
  readonly value?: string;
  /** Masks what is typed (keys, passwords). */
  readonly password?: boolean;
  /** Checked as the person types; a message keeps the value from being accepted. */
  readonly validate?: (value: string) => string | undefined;
  /**
   * Runs when a valid value is accepted, while the input shows it is busy; a problem is shown on the same input so the
   * person can correct it. The signal is aborted when the person gives up.
   */
  readonly check: (value: string, signal: AbortSignal) => Promise<CheckOutcome<R>>;
}

export interface PickItem<T> {
  readonly label: string;
  readonly description?: string;
  readonly detail?: string;
  readonly value: T;
}

export interface PickQuestion<T> extends StepPosition {
  readonly placeholder: string;
  readonly items: readonly PickItem<T>[];
  /** The item selected at first. */
  readonly active?: T;
}

export interface PickManyQuestion<T> extends StepPosition {
  readonly placeholder: string;
  readonly items: readonly PickItem<T>[];
  /** The items checked at first. */
  readonly selected?: readonly T[];
}

/** Asks questions; `undefined` means the person cancelled (Escape, focus lost). */
export interface InputPort {
  askText<R>(question: TextQuestion<R>): Promise<R | Back | undefined>;
  pick<T>(question: PickQuestion<T>): Promise<T | Back | undefined>;
  /** A pick of several items (check boxes), in the items' order; absent where a port cannot ask it. */
  pickMany?<T>(question: PickManyQuestion<T>): Promise<readonly T[] | Back | undefined>;
}
