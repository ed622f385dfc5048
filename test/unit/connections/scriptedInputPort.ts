// An InputPort that answers from a script, as a person at the keyboard would, and records what it was shown.
import { BACK, type Back, type InputPort, type PickQuestion, type TextQuestion } from '../../../src/core/connections/inputPort';

/** One answer: text to type (checked like typed text), an item value to pick, the back button, or Escape. */
export type ScriptedAnswer = { text: string } | { pick: unknown } | 'back' | 'cancel';

export interface ShownQuestion {
  readonly id: string;
  readonly step: number;
  readonly totalSteps: number;
  readonly prompt: string;
  readonly password: boolean;
  /** Messages shown on the input: validation while typing, then problems found by the check. */
  readonly problems: string[];
  readonly items?: string[];
  readonly value?: string;
}

export class ScriptedInputPort implements InputPort {
  readonly shown: ShownQuestion[] = [];
  readonly #answers: ScriptedAnswer[];

  constructor(answers: ScriptedAnswer[]) {
    this.#answers = [...answers];
  }

  get unused(): number {
    return this.#answers.length;
  }

  async askText<R>(question: TextQuestion<R>): Promise<R | Back | undefined> {
    const shown: ShownQuestion = {
      id: question.id,
      step: question.step,
      totalSteps: question.totalSteps,
      prompt: question.prompt,
      password: question.password === true,
      problems: [],
      value: question.value,
    };
    this.shown.push(shown);
    for (;;) {
      const answer = this.#next(question.id);
      if (answer === 'back') return BACK;
      if (answer === 'cancel') return undefined;
      if (!('text' in answer)) throw new Error(`step ${question.id} asks for text, the script picks`);
      const invalid = question.validate?.(answer.text);
      if (invalid) {
        shown.problems.push(invalid);
        continue;
      }
      const outcome = await question.check(answer.text, new AbortController().signal);
      if ('value' in outcome) return outcome.value;
      shown.problems.push(outcome.problem);
    }
  }

  async pick<T>(question: PickQuestion<T>): Promise<T | Back | undefined> {
    this.shown.push({
      id: question.id,
      step: question.step,
      totalSteps: question.totalSteps,
      prompt: question.placeholder,
      password: false,
      problems: [],
      items: question.items.map((item) => item.label),
    });
    const answer = this.#next(question.id);
    if (answer === 'back') return BACK;
    if (answer === 'cancel') return undefined;
    if (!('pick' in answer)) throw new Error(`step ${question.id} is a pick, the script types`);
    const item = question.items.find((candidate) => candidate.value === answer.pick);
    if (!item) throw new Error(`step ${question.id} has no item ${String(answer.pick)}`);
    return item.value;
  }

  #next(step: string): ScriptedAnswer {
    const answer = this.#answers.shift();
    if (answer === undefined) throw new Error(`the script has no answer left for step ${step}`);
    return answer;
  }
}
