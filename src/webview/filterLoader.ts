// Loads the filter's code (JSONPath: dist/webview/filter.js, built from filterBundle.ts) the first time a path is to
// be applied or the filter box gets the focus: an answer's first rows do not need it, so the panel's script stays small.
import type { filterAnswer } from './answerFilter';

type FilterAnswer = typeof filterAnswer;

/** Where the filter's bundle leaves its function. */
export interface FilterHolder {
  json2AnswerFilter?: FilterAnswer;
}

const holder = globalThis as FilterHolder;
// Read while the panel's script runs (inline in the page): its `data-filter` is the filter script's address, its nonce
// lets that run.
const ownScript = document.currentScript as HTMLScriptElement | null;
let loading: Promise<FilterAnswer> | undefined;

/** The filter, once its script has loaded. */
export function loadedFilter(): FilterAnswer | undefined {
  return holder.json2AnswerFilter;
}

/** Loads the filter's script (once; again after a failure). */
export function loadFilter(): Promise<FilterAnswer> {
  loading ??= new Promise<FilterAnswer>((resolve, reject) => {
    const script = document.createElement('script');
    script.nonce = ownScript?.nonce ?? '';
    script.src = ownScript?.dataset.filter || new URL('filter.js', ownScript?.src || document.baseURI).href;
    script.addEventListener('load', () => {
      if (holder.json2AnswerFilter) resolve(holder.json2AnswerFilter);
      else reject(new Error('The filter did not load.'));
    });
    script.addEventListener('error', () => {
      loading = undefined;
      reject(new Error('The filter could not be loaded.'));
    });
    document.head.append(script);
  });
  return loading;
}
