// The order a selection of requests runs in: each selected request after the named requests it needs, each once.
import { dependencyOrder, type RequestFile } from '../requestFile';

/** The requests to run for the selected ones, in order: dependencies first, then the request; no request twice. */
export function runPlan(parsed: RequestFile, selected: readonly number[]): number[] {
  const plan: number[] = [];
  for (const index of selected) for (const step of dependencyOrder(parsed, index).order) if (!plan.includes(step)) plan.push(step);
  return plan;
}
