// POST /xmlrpc/2/<service> (integer fault codes) and POST /xmlrpc/<service> (string fault codes): always HTTP 200,
// a methodResponse with the result, or a fault (a null result included).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { asServiceError } from '../errors/errorBody';
import { badRequest, ServiceError } from '../errors/serviceErrors';
import { sendAnswer, type JsonAnswer } from '../http/jsonAnswer';
import { callerOf, readRpcBody } from './rpcBody';
import { integerFault, stringFault } from './rpcFaults';
import { callService, type RpcRouteContext } from './rpcServices';
import { decodeMethodCall, XmlRpcParseError } from './xmlrpcDecode';
import { encodeFault, encodeResult, XmlRpcEncodeError } from './xmlrpcEncode';

const utf8 = new TextDecoder('utf-8', { fatal: true });

function sendXml(response: ServerResponse, xml: string): void {
  const bytes = Buffer.from(xml, 'utf8');
  response.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Length': String(bytes.length) });
  response.end(bytes);
}

export async function handleXmlRpc(
  context: RpcRouteContext,
  maxBodyBytes: number,
  request: IncomingMessage,
  response: ServerResponse,
  service: string,
  integerCodes: boolean,
): Promise<void> {
  const fault = (error: ServiceError) => {
    const { code, message } = integerCodes ? integerFault(error) : stringFault(error);
    sendXml(response, encodeFault(code, message));
  };
  const body = await readRpcBody(request, response, maxBodyBytes, (message) =>
    fault(new ServiceError('werkzeug.exceptions.RequestEntityTooLarge', 413, message, 'http')),
  );
  if (body === null) return;
  let result: unknown;
  let answer: JsonAnswer | undefined;
  try {
    let call;
    try {
      call = decodeMethodCall(utf8.decode(body));
    } catch (error) {
      throw badRequest(`could not parse the body as XML-RPC: ${error instanceof XmlRpcParseError ? error.message : 'not UTF-8'}`);
    }
    result = await callService({ ...context, ...callerOf(request, response) }, service, call.method, call.params);
    answer = encodeResult(result);
  } catch (error) {
    if (error instanceof XmlRpcEncodeError) fault(new ServiceError('builtins.TypeError', 500, error.message, 'business'));
    else fault(asServiceError(error));
  }
  if (answer) await sendAnswer(response, 200, 'text/xml; charset=utf-8', answer);
}
