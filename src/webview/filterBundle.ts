// The filter's own bundle (dist/webview/filter.js): what the panel's view loads when a path is first applied.
import { filterAnswer } from './answerFilter';
import type { FilterHolder } from './filterLoader';

(globalThis as FilterHolder).json2AnswerFilter = filterAnswer;
