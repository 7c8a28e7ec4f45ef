// The PIN rows as kept: each hash keyed with the pepper from the OS keychain (pin-hash.ts), and
// each row sealed with a MAC over whose PIN it is, so a hash swapped into the file (say, one whose
// PIN the swapper knows) is refused as tampering instead of being taken for a PIN. The pepper is
// made on first need; a desk upgraded from hashes without it seals those rows at once, and hashes
// each again with the pepper on its next right PIN. A database brought to a keychain without its
// pepper (a backup restored on a new machine) holds no usable PIN: the supervisor sets theirs again
// (no old one asked), and then the operators'.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { phrase, refusal } from '../../common/refusal.ts';
import { AgentError } from '../app-error.ts';
import type { Log } from '../log.ts';
import type { Store } from '../store/index.ts';
import type { PinRow, PinSubject } from '../store/staff.ts';
import type { PepperVault } from '../vault/pepper.ts';
import {
  checkNewPin,
  hashPin,
  isLegacyHash,
  keyId,
  PIN_HASH_PARAMS,
  type ScryptParams,
  verifyPin,
} from './pin-hash.ts';

/** intact: checked as usual; tampered: changed outside CashDesk; other_key: made under a pepper this keychain lacks. */
export type PinRowState = 'intact' | 'tampered' | 'other_key';

export function createPinBook(deps: {
  store: Pick<Store, 'durable' | 'staff'>;
  vault: PepperVault;
  log: Log;
  params?: ScryptParams;
}) {
  const { store } = deps;
  const params = deps.params ?? PIN_HASH_PARAMS;
  let pepper: Buffer | null = null;

  const isSupervisor = (subject: PinSubject) => subject === 'supervisor';
  const operatorOf = (subject: PinSubject) => store.staff.operator(Number(subject.slice('operator:'.length)));
  const ownerName = (subject: PinSubject) =>
    isSupervisor(subject) ? 'supervisor' : (operatorOf(subject)?.name ?? '');
  const label = (subject: PinSubject) =>
    isSupervisor(subject)
      ? phrase('owner.supervisor')
      : phrase('owner.operator', { name: ownerName(subject) });

  /** `keyId.mac`: which pepper sealed the row, and the MAC over id, role, name and hash. */
  function macOf(key: Buffer, subject: PinSubject, hash: string): string {
    const role = isSupervisor(subject) ? 'supervisor' : 'operator';
    const mac = createHmac('sha256', key)
      .update(JSON.stringify(['cashdesk-pin-row-v1', subject, role, ownerName(subject), hash]))
      .digest('base64url');
    return `${keyId(key)}.${mac}`;
  }

  function stateOf(row: PinRow): PinRowState {
    if (!row.mac) return pepper ? 'tampered' : isLegacyHash(row.hash) ? 'intact' : 'other_key';
    if (!pepper || row.mac.split('.')[0] !== keyId(pepper)) return 'other_key';
    const expected = Buffer.from(macOf(pepper, row.subject, row.hash));
    const stored = Buffer.from(row.mac);
    return expected.length === stored.length && timingSafeEqual(expected, stored) ? 'intact' : 'tampered';
  }

  /**
   * Reads the pepper; on a desk whose rows all predate it, makes it and seals those rows now, so
   * none can be swapped from here on. Throws the keychain's VaultError when it cannot be reached.
   */
  let loading: Promise<Buffer | null> | null = null;
  function ready(): Promise<Buffer | null> {
    if (pepper) return Promise.resolve(pepper);
    // One read (and at most one pepper made) at a time: two made at once would seal rows under one
    // and leave the other in the keychain.
    loading ??= load().finally(() => {
      loading = null;
    });
    return loading;
  }

  async function load(): Promise<Buffer | null> {
    pepper = await deps.vault.read();
    if (pepper) return pepper;
    const unsealed = store.staff.pins().filter((row) => !row.mac && isLegacyHash(row.hash));
    if (unsealed.length === 0) return null;
    const made = await deps.vault.ensure();
    pepper = made;
    store.durable(() => {
      for (const row of unsealed)
        store.staff.sealPin(row.subject, row.hash, macOf(made, row.subject, row.hash));
    });
    deps.log.info('pins_sealed', { count: unsealed.length });
    return pepper;
  }

  let making: Promise<Buffer> | null = null;
  async function key(): Promise<Buffer> {
    const existing = await ready();
    if (existing) return existing;
    making ??= deps.vault
      .ensure()
      .then((made) => {
        pepper = made;
        return made;
      })
      .finally(() => {
        making = null;
      });
    return making;
  }

  function tamperedError(subject: PinSubject): AgentError {
    const refused = isSupervisor(subject)
      ? refusal('pin.tamperedSupervisor')
      : refusal('pin.tamperedOperator', { name: ownerName(subject) });
    return new AgentError('locked', refused, { field: 'pin' });
  }

  /** A removed operator can sign in no more: their old PIN may be given again. */
  const inUse = (row: PinRow) => isSupervisor(row.subject) || operatorOf(row.subject)?.removedAt === null;

  return {
    ready,
    stateOf,
    /** A set supervisor PIN this keychain can check (one made under a lost pepper is as good as none). */
    supervisorSet(): boolean {
      const row = store.staff.pin('supervisor');
      return row !== undefined && stateOf(row) !== 'other_key';
    },
    /** PINs made under a pepper this keychain lacks: the supervisor must set them again. */
    needReset: () => store.staff.pins().some((row) => stateOf(row) === 'other_key'),
    /** Who has a PIN changed outside CashDesk ("The supervisor", "Operator Aigerim"). */
    tampered: () =>
      store.staff
        .pins()
        .filter((row) => stateOf(row) === 'tampered')
        .map((row) => label(row.subject)),

    /**
     * Before a try is counted: a row changed outside CashDesk, or made under a lost pepper, is
     * refused outright, and tampering is logged.
     */
    async usable(subject: PinSubject): Promise<PinRow | undefined> {
      await ready();
      const row = store.staff.pin(subject);
      if (!row) return undefined;
      const state = stateOf(row);
      if (state === 'tampered') {
        deps.log.error('pin_tampered', { subject });
        throw tamperedError(subject);
      }
      if (state === 'other_key') {
        throw new AgentError('locked', refusal('pin.otherMachine'), { field: 'pin' });
      }
      return row;
    },

    /** Whether the PIN is the row's; a right PIN with a hash from before the pepper is hashed again with it. */
    async verify(row: PinRow, pin: string): Promise<boolean> {
      const right = await verifyPin(pin, row.hash, pepper);
      if (right && isLegacyHash(row.hash)) {
        // The PIN was right whatever happens here; the hash is made again on a later try if not now.
        try {
          const current = await key();
          const hash = await hashPin(pin, current, params);
          store.durable(() =>
            store.staff.rehashPin(row.subject, row.hash, hash, macOf(current, row.subject, hash)),
          );
          deps.log.info('pin_rehashed', { subject: row.subject });
        } catch (error) {
          deps.log.warn('pin_rehash_failed', { subject: row.subject, error });
        }
      }
      return right;
    },

    /**
     * The hash of a PIN being given to `subject` (an operator not yet added: null): guessable ones
     * are refused, and so is one another person at this desk has (checked against their hashes; no
     * PIN is kept to compare).
     */
    async make(subject: PinSubject | null, pin: string): Promise<string> {
      checkNewPin(pin);
      const current = await key();
      const others = store.staff
        .pins()
        .filter((row) => row.subject !== subject && inUse(row) && stateOf(row) === 'intact');
      const matches = await Promise.all(others.map((row) => verifyPin(pin, row.hash, current)));
      const taken = others.find((_, i) => matches[i]);
      if (taken) {
        throw new AgentError(
          'validation',
          isSupervisor(taken.subject)
            ? refusal('pin.supervisorTaken')
            : subject !== null && isSupervisor(subject)
              ? refusal('pin.operatorTakenForSupervisor')
              : refusal('pin.operatorTaken'),
          { field: 'pin' },
        );
      }
      return hashPin(pin, current, params);
    },

    /** After a restore on a new machine: the rows made under the lost pepper go (their owners get new PINs). */
    dropOtherKeys() {
      for (const row of store.staff.pins()) {
        if (stateOf(row) === 'other_key') store.staff.clearPin(row.subject);
      }
    },

    /** Writes a hash from make() with its MAC; inside the transaction that adds its owner, if any. */
    write(subject: PinSubject, hash: string) {
      if (!pepper) throw new Error('a PIN is written only after make() has read the pepper');
      store.staff.setPin(subject, hash, macOf(pepper, subject, hash));
    },
  };
}

export type PinBook = ReturnType<typeof createPinBook>;
