// Puts the connection's default context (and `--context`) into a resolved model call, keeping the call's own keys.
import { mergeContext, type ContextDefaults, type ContextKeySource, type DefaultContext } from '../connections/defaultContext';
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

/** The default context's layers, weakest first: the connection's, then `--context` (the run and the exports alike). */
export function contextLayers(connectionDefaults: DefaultContext | undefined, override?: DefaultContext): ContextDefaults[] {
  const layers: ContextDefaults[] = [];
  if (connectionDefaults) layers.push({ values: connectionDefaults, source: 'connection' });
  if (override) layers.push({ values: override, source: 'command line' });
  return layers;
}
