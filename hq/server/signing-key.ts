// HQ's Ed25519 key, made on first start and kept in the database with the rest of HQ's state (its
// backups are the database's). Desks receive the public half at enrolment and check reset codes with it.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { Db } from './db.ts';

export type SigningKey = { privateKey: KeyObject; publicKeyPem: string };

export async function loadSigningKey(db: Db): Promise<SigningKey> {
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  // The first HQ to start stores its key; every later start (and a racing one) reads that one.
  await db.query(
    "INSERT INTO hq_settings (key, value) VALUES ('signing_key', $1) ON CONFLICT (key) DO NOTHING",
    [pem],
  );
  const stored = await db.query<{ value: string }>("SELECT value FROM hq_settings WHERE key = 'signing_key'");
  const key = createPrivateKey(stored.rows[0]!.value);
  return {
    privateKey: key,
    publicKeyPem: createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString(),
  };
}
