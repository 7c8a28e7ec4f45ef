// The gateway token lives only in the OS keychain (Keychain, Credential Manager, Secret Service).
// Nothing here logs, returns over IPC, or persists it anywhere else.
import { randomBytes } from 'node:crypto';
import keytar from 'keytar';

export const DEFAULT_KEYCHAIN_SERVICE = 'CashDesk';

/** The keychain entry of the key that seals the hash chain's head (main/audit/chain-guard.ts). */
const CHAIN_KEY_ACCOUNT = 'chain-seal-key';
/** The last chain head this desk checked, to tell a database put back from a copy. */
const CHAIN_HEAD_ACCOUNT = 'chain-head';

/** The desk's own token at the head office (main/headoffice/). */
const HEAD_OFFICE_TOKEN_ACCOUNT = 'head-office-desk-token';

/** A token belongs to one gateway and one shop. */
export type Profile = { gatewayUrl: string; shopId: number };

export class VaultError extends Error {
  override readonly name = 'VaultError';
  readonly kind = 'keychain_unavailable' as const;
}

export function profileAccount({ gatewayUrl, shopId }: Profile): string {
  return `${new URL(gatewayUrl).origin}${new URL(gatewayUrl).pathname.replace(/\/+$/, '')}#${shopId}`;
}

export function createVault(service: string = DEFAULT_KEYCHAIN_SERVICE) {
  async function guarded<T>(what: string, work: () => Promise<T>, secret = 'the gateway token'): Promise<T> {
    try {
      return await work();
    } catch {
      // keytar's own message can echo arguments; ours names only the action.
      throw new VaultError(`The system keychain could not ${what} ${secret}.`);
    }
  }
  return {
    read: (profile: Profile) => guarded('read', () => keytar.getPassword(service, profileAccount(profile))),
    store: (profile: Profile, token: string) =>
      guarded('store', () => keytar.setPassword(service, profileAccount(profile), token)),
    clear: (profile: Profile) =>
      guarded('clear', async () => {
        await keytar.deletePassword(service, profileAccount(profile));
      }),
    /**
     * The chain's sealing key. Without one stored, a new one is made only if `create`; `created`
     * says it did not exist before.
     */
    chainKey: (create: boolean) =>
      guarded(
        'read or store',
        async () => {
          const stored = await keytar.getPassword(service, CHAIN_KEY_ACCOUNT);
          if (stored) return { key: Buffer.from(stored, 'hex'), created: false };
          if (!create) return null;
          const key = randomBytes(32);
          await keytar.setPassword(service, CHAIN_KEY_ACCOUNT, key.toString('hex'));
          return { key, created: true };
        },
        "the audit chain's key",
      ),
    /** Puts a chain key in place (a seeded benchmark history's), before a core opens on it. */
    setChainKey: (key: Buffer) =>
      guarded(
        'store',
        () => keytar.setPassword(service, CHAIN_KEY_ACCOUNT, key.toString('hex')),
        "the audit chain's key",
      ),
    /** Removes the chain's entries (a benchmark's throwaway keychain service). */
    forgetChain: () =>
      guarded(
        'clear',
        async () => {
          await keytar.deletePassword(service, CHAIN_KEY_ACCOUNT);
          await keytar.deletePassword(service, CHAIN_HEAD_ACCOUNT);
        },
        "the audit chain's key",
      ),
    headOfficeToken: () =>
      guarded(
        'read',
        () => keytar.getPassword(service, HEAD_OFFICE_TOKEN_ACCOUNT),
        "the head office's desk token",
      ),
    setHeadOfficeToken: (token: string) =>
      guarded(
        'store',
        () => keytar.setPassword(service, HEAD_OFFICE_TOKEN_ACCOUNT, token),
        "the head office's desk token",
      ),
    /** The last chain head checked here (seq and hash; not a secret, kept beside the key). */
    chainHead: () =>
      guarded(
        'read',
        async () => {
          const stored = await keytar.getPassword(service, CHAIN_HEAD_ACCOUNT);
          return stored ? (JSON.parse(stored) as { seq: number; hash: string }) : null;
        },
        "the audit chain's head",
      ),
    setChainHead: (head: { seq: number; hash: string }) =>
      guarded(
        'store',
        () => keytar.setPassword(service, CHAIN_HEAD_ACCOUNT, JSON.stringify(head)),
        "the audit chain's head",
      ),
  };
}

export type Vault = ReturnType<typeof createVault>;
