// When the view reached each step of its start and of the answer shown, on the epoch clock (see ViewTimeline).
// main.ts imports this module first, so `scriptStarted` is taken before any library is set up.
import type { ViewTimeline } from '../shared/panelMessages';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const now = (): number => performance.timeOrigin + performance.now();
const timeline: Mutable<ViewTimeline> = { scriptStarted: now(), documentRequested: performance.timeOrigin };

if (document.readyState === 'complete') timeline.documentComplete = now();
else window.addEventListener('load', () => mark('documentComplete'), { once: true });

/** Records `step` now. */
export function mark(step: keyof ViewTimeline): void {
  timeline[step] = now();
}

/** Forgets the steps of the previous answer (a new `show` arrived). */
export function newAnswer(): void {
  delete timeline.firstBytesReceived;
  delete timeline.firstRowsInDom;
  delete timeline.firstRowsPainted;
  delete timeline.allRowsReceived;
  mark('answerReceived');
}

/** Records the first rows of the answer in the DOM, and the start of the next frame as their paint. */
export function rowsInDom(): void {
  if (timeline.firstRowsInDom !== undefined || timeline.answerReceived === undefined) return;
  mark('firstRowsInDom');
  requestAnimationFrame(() => mark('firstRowsPainted'));
}

export function viewTimeline(): ViewTimeline {
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const firstPaint = performance.getEntriesByName('first-paint', 'paint')[0];
  const script = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/main.js')) as
    | PerformanceResourceTiming
    | undefined;
  return {
    ...timeline,
    ...(navigation?.responseEnd ? { documentLoaded: performance.timeOrigin + navigation.responseEnd } : {}),
    ...(firstPaint ? { firstPaint: performance.timeOrigin + firstPaint.startTime } : {}),
    ...(script?.responseEnd ? { scriptLoaded: performance.timeOrigin + script.responseEnd } : {}),
  };
}
