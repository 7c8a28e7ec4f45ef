// The IPC contract, one entry point: the values that cross the bridge, the channel table, and
// `window.cashdesk` built from it. Imports neither electron nor node, so main, preload and the
// renderer all take the same declarations.

export * from './agent-day.ts';
export * from './api.ts';
export * from './app-state.ts';
export * from './channel-names.ts';
export * from './channels.ts';
export * from './denominations.ts';
export * from './enums.ts';
export * from './events.ts';
export * from './limits.ts';
export * from './receipt-status.ts';
export * from './shift-reports.ts';
export * from './values.ts';
