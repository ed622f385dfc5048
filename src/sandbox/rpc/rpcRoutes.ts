// Mounts the deprecated interfaces: /xmlrpc/2/<service>, /xmlrpc/<service> and /jsonrpc (POST only).
import type { RouteHandler } from '../http/requestRouter';
import { handleJsonRpc } from './jsonrpcEndpoint';
import type { RpcRouteContext } from './rpcServices';
import { handleXmlRpc } from './xmlrpcEndpoint';

const XMLRPC = /^\/xmlrpc\/(2\/)?([a-z_]+)$/;

export function rpcRoutes(context: RpcRouteContext, maxBodyBytes: number): RouteHandler {
  return async (request, response, url) => {
    if (request.method !== 'POST') return false;
    if (url.pathname === '/jsonrpc') {
      await handleJsonRpc(context, maxBodyBytes, request, response);
      return true;
    }
    const match = XMLRPC.exec(url.pathname);
    if (!match) return false;
    await handleXmlRpc(context, maxBodyBytes, request, response, match[2], match[1] !== undefined);
    return true;
  };
}
