/** Home's own read: the tray for the first paint (after it, main pushes the tray). */
export const homeApi = {
  openOperations: () => window.cashdesk.history.open({}),
};
