// The extension's command identifiers, in one place so that registrations, menus and tests agree.
export const CommandIds = {
  showLog: 'json2.showLog',
} as const;

export type CommandId = (typeof CommandIds)[keyof typeof CommandIds];
