// Finds the objects of npm Odoo client libraries in a JavaScript/TypeScript file, whatever their names: the class as
// imported or required (any local name), its instances (`new X(...)` in a variable, a `this.` member or a class
// field; TypeScript names typed with the class), and their calls, as the deprecated calls the library makes.
import type { Node } from '@babel/types';
import { type LegacyCallSite, type SourceExpr, stringOf } from './legacyCall';
import { Assignments } from './assignments';
import { type ClientLibrary, type LibraryCall, clientLibrary } from './javascriptClientLibraries';
import { propertyName } from './javascriptExpressions';
import { type JsUrlSource, jsScopeOf, jsTemplate } from './javascriptUrls';
import { type UrlTemplate, joinParts } from './urlTemplate';

interface Instance {
  readonly library: ClientLibrary;
  /** The server the options name, when the file shows it. */
  readonly server?: UrlTemplate;
  /** The options' `db` expression and the function it is written in (-1: the top level). */
  readonly database?: { readonly node: Node; readonly scope: number };
}

export type LibraryCallSite = Omit<LegacyCallSite, 'language' | 'start' | 'end' | 'statement' | 'typescript' | 'baseUrl'> & {
  readonly server?: UrlTemplate;
};

export interface LibraryObjects {
  /** The deprecated call a call expression makes through a library object, or undefined when it is none. */
  callOf(node: Node & { type: 'CallExpression' }, toExpr: (node: Node) => SourceExpr): LibraryCallSite | undefined;
}

/** The library objects of a file (`nodes`: every node, parents first). */
export function libraryObjects(nodes: readonly Node[], text: string, urlSource: JsUrlSource): LibraryObjects {
  const slice = (node: Node): string => text.slice(node.start ?? 0, node.end ?? 0);
  const classes = new Map<string, ClientLibrary>();
  const instances = new Assignments<Instance>();
  const requiredPackage = (node: Node | null | undefined): string | undefined => {
    // `require('odoo-await') as new (...) => Client` in TypeScript.
    while (node?.type === 'TSAsExpression' || node?.type === 'ParenthesizedExpression') node = node.expression;
    return node?.type === 'CallExpression' && slice(node.callee) === 'require' && node.arguments[0]?.type === 'StringLiteral'
      ? node.arguments[0].value
      : undefined;
  };

  for (const node of nodes) {
    if (node.type === 'TSImportEqualsDeclaration' && node.moduleReference.type === 'TSExternalModuleReference') {
      // import Odoo = require('odoo-xmlrpc');
      const library = clientLibrary(node.moduleReference.expression.value);
      if (library?.exportName === 'default') classes.set(node.id.name, library);
    } else if (node.type === 'ImportDeclaration') {
      const library = clientLibrary(node.source.value);
      if (!library) continue;
      for (const specifier of node.specifiers) {
        const imported = specifier.type === 'ImportSpecifier' ? propertyName(specifier.imported) : 'default';
        if (imported === library.exportName || specifier.type === 'ImportNamespaceSpecifier') classes.set(specifier.local.name, library);
      }
    } else if (node.type === 'VariableDeclarator' && node.init) {
      // const Odoo = require('odoo-xmlrpc'); const { OdooClient } = require('odoo-xmlrpc-ts'); const C = require('x').OdooClient
      const init = node.init as Node;
      const direct = clientLibrary(requiredPackage(init) ?? '');
      const member =
        init.type === 'MemberExpression'
          ? { library: clientLibrary(requiredPackage(init.object) ?? ''), name: propertyName(init.property) }
          : undefined;
      if (direct && node.id.type === 'Identifier' && direct.exportName === 'default') classes.set(node.id.name, direct);
      else if (direct && node.id.type === 'ObjectPattern') {
        for (const property of node.id.properties)
          if (
            property.type === 'ObjectProperty' &&
            propertyName(property.key) === direct.exportName &&
            property.value.type === 'Identifier'
          )
            classes.set(property.value.name, direct);
      } else if (member?.library && member.name === member.library.exportName && node.id.type === 'Identifier')
        classes.set(node.id.name, member.library);
    }
  }
  if (classes.size === 0) return { callOf: () => undefined };

  const instanceOf = (value: Node | null | undefined): Instance | undefined => {
    if (value?.type !== 'NewExpression' || value.callee.type !== 'Identifier') return undefined;
    const library = classes.get(value.callee.name);
    if (!library) return undefined;
    const options = value.arguments[0];
    if (options?.type !== 'ObjectExpression') return { library };
    const db = options.properties.find((p) => p.type === 'ObjectProperty' && !p.computed && propertyName(p.key) === 'db');
    const node = db?.type === 'ObjectProperty' ? (db.value as Node) : undefined;
    return {
      library,
      server: serverOf(options, library.urlKey, urlSource),
      database: node && { node, scope: jsScopeOf(node, urlSource.parents) },
    };
  };
  const typedAs = (annotation: Node | null | undefined): ClientLibrary | undefined => {
    const type = annotation?.type === 'TSTypeAnnotation' ? annotation.typeAnnotation : undefined;
    return type?.type === 'TSTypeReference' && type.typeName.type === 'Identifier' ? classes.get(type.typeName.name) : undefined;
  };
  for (const node of nodes) {
    const at = node.start ?? 0;
    if (node.type === 'VariableDeclarator') {
      const made =
        instanceOf(node.init as Node) ??
        ((library) => library && { library })(typedAs(node.id.type === 'Identifier' ? node.id.typeAnnotation : undefined));
      if (made && node.id.type === 'Identifier') instances.set(node.id.name, at, made);
    } else if (node.type === 'AssignmentExpression') {
      const made = instanceOf(node.right as Node);
      if (made) instances.set(slice(node.left), at, made);
    } else if (node.type === 'ClassProperty' && !node.computed) {
      const name = propertyName(node.key);
      const made = instanceOf(node.value as Node) ?? ((library) => library && { library })(typedAs(node.typeAnnotation));
      if (name && made) instances.set(`this.${name}`, at, made);
    } else if (node.type === 'TSParameterProperty' && node.parameter.type === 'Identifier') {
      const library = typedAs(node.parameter.typeAnnotation);
      if (library) instances.set(`this.${node.parameter.name}`, at, { library });
    } else if (node.type === 'Identifier' && node.typeAnnotation) {
      // A parameter typed with the class (`function sync(client: OdooClient)`).
      const library = typedAs(node.typeAnnotation);
      if (library) instances.set(node.name, at, { library });
    }
  }

  return {
    callOf(node, toExpr) {
      if (node.callee.type !== 'MemberExpression' || node.callee.computed) return undefined;
      const name = slice(node.callee.object);
      const instance = instances.get(name, node.start ?? 0);
      const verb = propertyName(node.callee.property);
      const describe = verb === undefined ? undefined : instance?.library.methods[verb];
      if (!instance || !describe) return undefined;
      const at = node.start ?? 0;
      const call = describe(
        node.arguments.map((arg) => toExpr(arg as Node)),
        at,
      );
      // The database the client was given, as written where it was made, when that is readable at the call.
      const database = instance.database;
      const readable = database && (database.scope === -1 || database.scope === jsScopeOf(node, urlSource.parents));
      return siteOf(call, name, at, instance.server, readable ? toExpr(database.node) : undefined);
    },
  };
}

/** The server of a library's options: the URL key, with `port` when given. */
function serverOf(options: Node & { type: 'ObjectExpression' }, urlKey: string, source: JsUrlSource): UrlTemplate | undefined {
  const value = (key: string): Node | undefined => {
    const property = options.properties.find((p) => p.type === 'ObjectProperty' && !p.computed && propertyName(p.key) === key);
    return property?.type === 'ObjectProperty' ? (property.value as Node) : undefined;
  };
  const url = value(urlKey);
  if (!url) return undefined;
  const port = value('port');
  const server = jsTemplate(url, source);
  if (!port) return server;
  return joinParts([
    ...server,
    { text: ':' },
    ...(port.type === 'NumericLiteral' ? [{ text: String(port.value) }] : jsTemplate(port, source)),
  ]);
}

/**
 * The call as a site: the library holds db, uid and password (read as `<object>.uid`...); the database is the
 * expression the client was made with when readable at the call, else `<object>.db`.
 */
function siteOf(call: LibraryCall, object: string, at: number, server: UrlTemplate | undefined, database?: SourceExpr): LibraryCallSite {
  const held = (name: string): SourceExpr =>
    name === 'db' && database ? { ...database, start: at, end: at } : { start: at, end: at, text: `${object}.${name}`, kind: 'other' };
  const path = call.service === 'object' ? '/xmlrpc/2/object' : '/xmlrpc/2/common';
  const endpoint = server && [...server, { text: path }];
  if ('reason' in call)
    return {
      service: call.service,
      transport: 'xmlrpc',
      functionName: call.service === 'object' ? 'execute_kw' : 'authenticate',
      args: undefined,
      dynamicReason: call.reason,
      server: endpoint,
      knownTarget: { model: stringOf(call.model), method: stringOf(call.method) },
    };
  const empty: SourceExpr = { start: at, end: at, text: '{}', kind: 'dict', entries: [], value: {} };
  if (call.service === 'common') {
    const args = call.functionName === 'version' ? [] : [held('db'), held('username'), held('password'), empty];
    return { service: 'common', transport: 'xmlrpc', functionName: call.functionName, args, callback: call.callback, server: endpoint };
  }
  const args =
    call.model && call.method && call.positional
      ? [held('db'), held('uid'), held('password'), call.model, call.method, call.positional, ...(call.keywords ? [call.keywords] : [])]
      : undefined;
  return {
    service: 'object',
    transport: 'xmlrpc',
    functionName: 'execute_kw',
    args,
    dynamicReason: args ? undefined : 'the model or the method is missing',
    callback: call.callback,
    server: endpoint,
  };
}
