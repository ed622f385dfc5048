// The kinds of error a request of a run ends with: the clients' kinds and the pipeline's own (plain types, for the panel too).
import type { ErrorKind } from '../client/clientErrors';

/**
 * The clients' kinds (the server's answer, the transport, an unsafe request) and the pipeline's own: why a request
 * was not sent, or not run at all.
 */
export type RunErrorKind =
  | ErrorKind
  | 'notRun' // a request it depends on failed or gave no answer
  | 'unresolved' // a placeholder (or the connection's name) could not be resolved
  | 'connection' // the connection is unknown or has no key yet
  | 'declined' // a confirmation or the use of environment variables was declined
  | 'refused' // the connection's read-only mode refused it
  | 'unsupported'; // the connection's interface cannot carry this request (a route over XML-RPC)
