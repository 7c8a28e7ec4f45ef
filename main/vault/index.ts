// The gateway token lives only in the OS keychain (Keychain, Credential Manager, Secret Service).
// Nothing here logs, returns over IPC, or persists it anywhere else.
import keytar from 'keytar';

export const DEFAULT_KEYCHAIN_SERVICE = 'CashDesk';

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
  async function guarded<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch {
      // keytar's own message can echo arguments; ours names only the action.
      throw new VaultError(`The system keychain could not ${what} the gateway token.`);
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
  };
}

export type Vault = ReturnType<typeof createVault>;
