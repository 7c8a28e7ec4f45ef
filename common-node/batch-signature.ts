// The desk's signature on an upload batch: Ed25519 over the hash of the batch's last entry. The
// entries are hash-chained, so that one hash commits to every entry before it, and the signature
// costs one operation a batch however many entries it holds. A copied bearer token alone cannot
// make one: the private key never leaves the desk's keychain. Plain node:crypto, so the desk's
// core (main/) signs with the very function the head office verifies against.
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';

// A fixed prefix, so a signature made for a batch can never be passed off as one over anything
// else the desk's key might sign later.
const signedText = (lastHash: string) => Buffer.from(`cashdesk journal batch\n${lastHash}`);

/** A new key pair for an enrolment: the private half (PKCS#8 PEM) for the keychain, the public half (SPKI PEM) for HQ. */
export function deskKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export const deskPrivateKey = (pem: string): KeyObject => createPrivateKey(pem);

/** The Ed25519 public key in `pem`, or null for anything else (another algorithm, not a key). */
export function deskPublicKey(pem: string): KeyObject | null {
  try {
    const key = createPublicKey(pem);
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

/** base64url of the signature over the batch whose last entry's hash is `lastHash`. */
export const signBatch = (privateKey: KeyObject, lastHash: string): string =>
  sign(null, signedText(lastHash), privateKey).toString('base64url');

export function verifyBatch(publicKey: KeyObject, lastHash: string, signature: string): boolean {
  const bytes = Buffer.from(signature, 'base64url');
  return bytes.length === 64 && verify(null, signedText(lastHash), publicKey, bytes);
}
