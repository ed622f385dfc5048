// The explorer's command identifiers, shared by the registrations, the tree items and package.json's menus.
export const EXPLORER_COMMANDS = {
  refresh: 'json2.explorer.refresh',
  retry: 'json2.explorer.retry',
  filter: 'json2.explorer.filter',
  clearFilter: 'json2.explorer.clearFilter',
  toggleGrouping: 'json2.explorer.toggleGrouping',
  newModelRequest: 'json2.explorer.newRequestFile',
  openRecords: 'json2.explorer.openRecords',
  copyModelName: 'json2.explorer.copyModelName',
  openModelDocumentation: 'json2.explorer.openDocumentation',
  copyFieldName: 'json2.explorer.copyFieldName',
  insertFieldName: 'json2.explorer.insertFieldName',
  goToRelatedModel: 'json2.explorer.goToRelatedModel',
  createCustomModel: 'json2.explorer.createCustomModel',
  addCustomField: 'json2.explorer.addCustomField',
} as const;

export const GROUPING_SETTING = 'explorer.groupModels';
