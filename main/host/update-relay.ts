// The shell's updater and the core's update policy, across the process boundary: what the shell
// downloaded and whether it can install is told to each new core process, the core's word to install
// reaches the shell's installer, and the feed the core allows comes back as an answer. Apart from
// client.ts so the client stays the calls and the restarts.

import type { Installer } from '../updates/updates.ts';
import type { HostedCore } from './hosted-core.ts';
import type { FromHost, ToHost } from './protocol.ts';

export function createUpdateRelay(deps: {
  /** To the core's process when it is up; dropped otherwise (the next process is told on start). */
  send(message: ToHost): void;
  /** Whether a process is up to answer a feed. */
  connected(): boolean;
  nextId(): number;
}) {
  const feeds = new Map<number, (url: string | null) => void>();
  let installer: Installer | null = null;
  let version: string | null | undefined;
  let installing = false;

  const updates: HostedCore['updates'] = {
    available(next) {
      version = next;
      deps.send({ type: 'updates.available', version: next });
    },
    setInstaller(next) {
      installer = next;
      deps.send({ type: 'updates.installer' });
    },
    feed(url) {
      if (!deps.connected()) return Promise.resolve(null);
      const id = deps.nextId();
      return new Promise((resolve) => {
        feeds.set(id, resolve);
        deps.send({ type: 'updates.feed', id, url });
      });
    },
    decide: () => ({ allowed: installing }),
  };

  return {
    updates,
    /** What the shell told the last process, told again to a new one. */
    tell(send: (message: ToHost) => void) {
      if (version !== undefined) send({ type: 'updates.available', version });
      if (installer) send({ type: 'updates.installer' });
    },
    receive(message: Extract<FromHost, { type: 'updates.install' | 'updates.feed' }>) {
      if (message.type === 'updates.feed') {
        feeds.get(message.id)?.(message.url);
        feeds.delete(message.id);
        return;
      }
      installing = true;
      try {
        installer?.();
      } finally {
        installing = false;
      }
    },
    /** The process died: a feed it was asked for is answered "none". */
    dropFeeds() {
      for (const [id, answer] of feeds) {
        feeds.delete(id);
        answer(null);
      }
    },
  };
}
