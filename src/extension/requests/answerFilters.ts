// The panel's answer filter: the path each request's answers are narrowed by, kept for the session across reruns
// (the view narrows the answer by it: src/webview/answerFilter.ts).

/** The filter text of each request (its file and its place in it), for this session. */
export class AnswerFilters {
  readonly #texts = new Map<string, string>();

  textFor(origin: { readonly uri: string; readonly index: number } | undefined): string {
    return origin ? (this.#texts.get(keyOf(origin)) ?? '') : '';
  }

  set(origin: { readonly uri: string; readonly index: number }, text: string): void {
    if (text.trim()) this.#texts.set(keyOf(origin), text);
    else this.#texts.delete(keyOf(origin));
  }
}

const keyOf = (origin: { readonly uri: string; readonly index: number }): string => `${origin.index}\u0000${origin.uri}`;
