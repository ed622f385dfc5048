// Puts the connection's default context (and `--context`) into a resolved model call, keeping the call's own keys.
import { mergeContext, type ContextDefaults, type ContextKeySource } from '../connections/defaultContext';
import type { ResolvedRequest } from '../requestFile';

/**
 * The request with the defaults merged into its body's `context` (model calls only: routes carry no context), and
 * where each key of that context came from. Nothing changes when no default applies.
 */
export function withDefaultContext(
  request: ResolvedRequest,
  layers: readonly ContextDefaults[],
): { request: ResolvedRequest; sources: readonly ContextKeySource[] } {
  if (request.target.kind !== 'call') return { request, sources: [] };
  const body = request.body ?? {};
  const { context, sources } = mergeContext(body.context, layers);
  if (sources.every((entry) => entry.source === 'request')) return { request, sources };
  const merged = context as Record<string, unknown>;
  const newBody = { ...body, context: merged };
  return { request: { ...request, body: newBody, bodyText: JSON.stringify(newBody), context: merged }, sources };
}
