// A resolved request written as code (cURL, Python, JavaScript, execute_kw) for its connection: the connection's
// default context merged into the body as the run sends it; the key is left to an environment variable.
import type { ConnectionProfile } from '../connections/connectionProfile';
import { exportAsCurl, exportAsExecuteKw, exportAsJavaScript, exportAsPython, type ResolvedRequest } from '../requestFile';
import { contextLayers, withDefaultContext } from './requestContext';

export type ExportFormat = 'curl' | 'python' | 'javascript' | 'executeKw';

/** The code, or the reason it cannot be written (a request the format cannot express). */
export function exportedRequestCode(
  request: ResolvedRequest,
  format: ExportFormat,
  profile: ConnectionProfile,
): { code: string } | { problem: string } {
  const { request: sent } = withDefaultContext(request, contextLayers(profile.defaultContext));
  const options = {
    baseUrl: profile.baseUrl,
    ...(profile.database !== undefined ? { database: profile.database } : {}),
    ...(profile.databaseHeader !== undefined ? { databaseHeader: profile.databaseHeader } : {}),
  };
  try {
    switch (format) {
      case 'curl':
        return { code: exportAsCurl(sent, options) };
      case 'python':
        return { code: exportAsPython(sent, options) };
      case 'javascript':
        return { code: exportAsJavaScript(sent, options) };
      case 'executeKw': {
        const login = profile.login ?? profile.user?.login;
        return { code: exportAsExecuteKw(sent, { ...options, ...(login !== undefined ? { login } : {}) }) };
      }
    }
  } catch (error) {
    return { problem: (error as Error).message };
  }
}
