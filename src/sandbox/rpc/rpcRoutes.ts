// The answers of the deprecated interfaces' routes (routeTable.ts mounts them): /jsonrpc (any method), and POST
// /xmlrpc/2/<service> and /xmlrpc/<service>, whose pattern is XMLRPC_PATH.
import type { RouteAnswer } from '../http/requestRouter';
import { handleJsonRpc } from './jsonrpcEndpoint';
import type { RpcRouteContext } from './rpcServices';
import { handleXmlRpc } from './xmlrpcEndpoint';

/** `/xmlrpc/2/<service>` or `/xmlrpc/<service>`: groups `2/` (or empty) and the service. */
export const XMLRPC_PATH = /^\/xmlrpc\/(2\/)?([a-z_]+)$/;

export function jsonRpcAnswer(context: RpcRouteContext, maxBodyBytes: number): RouteAnswer {
  return (request, response) => handleJsonRpc(context, maxBodyBytes, request, response);
}

export function xmlRpcAnswer(context: RpcRouteContext, maxBodyBytes: number): RouteAnswer {
  return (request, response, _url, [version, service]) => handleXmlRpc(context, maxBodyBytes, request, response, service, version !== '');
}
