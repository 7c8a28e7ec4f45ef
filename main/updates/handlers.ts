// The renderer's side of updates: it reports whether it is idle on Home, and accepts an offer.
import type { HandlerTable } from '../ipc/handlers.ts';
import type { Updates } from './updates.ts';

export function updateHandlers(updates: Updates): HandlerTable<'app.setIdle' | 'updates.install'> {
  return {
    'app.setIdle': ({ home }) => {
      updates.setIdle(home);
      return {};
    },
    'updates.install': () => updates.install(),
  };
}
