// The PIN pepper: 32 random bytes in the OS keychain, under the same service as the gateway
// tokens, that key every PIN hash and every PIN row's MAC. A copy of the database (a backup on a
// share, a stolen disk image) holds no PIN anyone can confirm without it.
import { randomBytes } from 'node:crypto';
import keytar from 'keytar';
import { DEFAULT_KEYCHAIN_SERVICE, VaultError } from './index.ts';

/** No gateway profile account looks like this (those are `origin/path#shop`). */
export const PEPPER_ACCOUNT = 'pin-pepper';
const PEPPER_BYTES = 32;

export function createPepperVault(service: string = DEFAULT_KEYCHAIN_SERVICE) {
  async function guarded<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch {
      throw new VaultError(`The system keychain could not ${what} the PIN key.`);
    }
  }
  const read = () =>
    guarded('read', async () => {
      const stored = await keytar.getPassword(service, PEPPER_ACCOUNT);
      const pepper = stored ? Buffer.from(stored, 'base64') : null;
      return pepper?.length === PEPPER_BYTES ? pepper : null;
    });
  return {
    /** The pepper, or null when this keychain has none (a new machine, a new desk). */
    read,
    /** The pepper, made on first need. */
    async ensure(): Promise<Buffer> {
      const existing = await read();
      if (existing) return existing;
      const pepper = randomBytes(PEPPER_BYTES);
      await guarded('store', () => keytar.setPassword(service, PEPPER_ACCOUNT, pepper.toString('base64')));
      return pepper;
    },
    /** Tests remove their own keychain service's entry afterwards. */
    remove: () =>
      guarded('remove', async () => {
        await keytar.deletePassword(service, PEPPER_ACCOUNT);
      }),
  };
}

export type PepperVault = ReturnType<typeof createPepperVault>;
