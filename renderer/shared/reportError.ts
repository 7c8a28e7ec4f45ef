import { LIMITS } from '../../common/limits.ts';

/**
 * Sends an error this window caught to main's support log (app.reportError), cut to the contract's
 * limits so it is never refused for its length. Fire and forget: a report that fails is not
 * reported again, or one broken bridge would loop.
 */
export function reportError(error: unknown, where: string, extra?: string): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = [error instanceof Error ? error.stack : undefined, extra].filter(Boolean).join('\n');
  try {
    void window.cashdesk.app
      .reportError({
        message: message.slice(0, LIMITS.reportedMessage),
        ...(stack ? { stack: stack.slice(0, LIMITS.reportedStack) } : {}),
        where: where.slice(0, LIMITS.reportedWhere),
      })
      .catch(() => {});
  } catch {
    // No bridge (a page opened outside the app): nothing to report to.
  }
}

/** What escapes every handler (an event listener, a promise nobody awaited) is reported too. */
export function reportWindowErrors(): void {
  window.addEventListener('error', (event) => reportError(event.error ?? event.message, 'window.error'));
  window.addEventListener('unhandledrejection', (event) =>
    reportError(event.reason, 'window.unhandledrejection'),
  );
}
