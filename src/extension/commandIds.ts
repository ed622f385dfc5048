// The extension's command identifiers, in one place so that registrations, menus and tests agree.
export const CommandIds = {
  showLog: 'json2.showLog',
  addConnection: 'json2.addConnection',
  editConnection: 'json2.editConnection',
  renameConnection: 'json2.renameConnection',
  removeConnection: 'json2.removeConnection',
  updateApiKey: 'json2.updateApiKey',
  switchConnection: 'json2.switchConnection',
} as const;

export type CommandId = (typeof CommandIds)[keyof typeof CommandIds];
