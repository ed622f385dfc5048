// A ServerProbe answering from a table (releases by host, databases, one valid key and password), for flow tests.
import type { ServerProbe, ServerTarget } from '../../../src/core/connections/serverProbe';
import { Json2Error, TransportError } from '../../../src/core/client/clientErrors';

export const KEY = '0123456789abcdef0123456789abcdef01234567';

/** A server table: releases by origin, databases, and which key belongs to whom. */
export function tableProbe(calls: string[] = []): ServerProbe {
  return {
    async release(target: ServerTarget) {
      calls.push(`release ${target.baseUrl}${target.database === undefined ? '' : ` ${target.database}`}`);
      if (target.baseUrl.includes('old.example'))
        return { version: '17.0', protocol: 'xmlrpc' as const, available: ['xmlrpc', 'jsonrpc'] as const };
      if (target.baseUrl.includes('down.example')) throw new TransportError('network', 'connect ECONNREFUSED 10.0.0.1:443');
      // Several databases: without one, the JSON-2 probe got the "No database is selected" page.
      if (target.baseUrl.includes('several.example'))
        return target.database === undefined
          ? { version: '19.0', protocol: 'json2' as const, available: ['json2'] as const, needsDatabase: true }
          : { version: '19.0', protocol: 'json2' as const, available: ['json2', 'xmlrpc', 'jsonrpc'] as const };
      if (target.baseUrl.includes('both.example'))
        return { version: '19.0', protocol: 'json2' as const, available: ['json2', 'xmlrpc', 'jsonrpc'] as const };
      return { version: '19.0', protocol: 'json2' as const, available: ['json2'] as const };
    },
    async databases(target: ServerTarget) {
      calls.push(`databases ${target.baseUrl}`);
      return target.baseUrl.includes('single.example') ? undefined : ['demo', 'prod'];
    },
    async checkApiKey(target: ServerTarget, apiKey: string) {
      calls.push(`key ${target.database ?? '-'}`);
      if (apiKey !== KEY) throw new Json2Error({ status: 401, kind: 'auth', message: 'Invalid apikey', target: 'res.users.context_get' });
      return { id: 2, name: 'Mitchell Admin', login: 'admin' };
    },
    async checkLogin(_target: ServerTarget, protocol: string, login: string, secret: string) {
      calls.push(`login ${protocol} ${login}`);
      if (secret !== 'admin') throw new Json2Error({ status: 200, kind: 'auth', message: 'Access Denied', target: 'common.authenticate' });
      return { id: 2, login };
    },
  };
}
