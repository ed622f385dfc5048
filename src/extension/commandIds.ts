// The extension's command identifiers, in one place so that registrations, menus and tests agree.
export const CommandIds = {
  showLog: 'json2.showLog',
  addConnection: 'json2.addConnection',
  editConnection: 'json2.editConnection',
  renameConnection: 'json2.renameConnection',
  removeConnection: 'json2.removeConnection',
  updateApiKey: 'json2.updateApiKey',
  switchConnection: 'json2.switchConnection',
  sendRequest: 'json2.send',
  sendAllRequests: 'json2.sendAll',
  cancelRequest: 'json2.cancel',
  rerunLastRequest: 'json2.rerunLast',
  exportCurl: 'json2.exportCurl',
  exportPython: 'json2.exportPython',
  exportJavaScript: 'json2.exportJavaScript',
  exportExecuteKw: 'json2.exportExecuteKw',
  newRequestFile: 'json2.newRequestFile',
  showHistory: 'json2.showHistory',
  clearHistory: 'json2.clearHistory',
  rerunHistory: 'json2.rerunHistory',
  findDeprecatedRpcCalls: 'json2.findDeprecatedRpcCalls',
  copyAsJson2Request: 'json2.copyAsJson2Request',
  appendToJson2File: 'json2.appendToJson2File',
  refreshSchema: 'json2.refreshSchema',
} as const;

export type CommandId = (typeof CommandIds)[keyof typeof CommandIds];
