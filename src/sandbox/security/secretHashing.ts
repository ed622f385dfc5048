// Slow salted hashing (scrypt) for API keys and passwords, with constant-time verification.
import crypto from 'node:crypto';

/** log2 of scrypt's cost N: 14 costs about 30–60 ms and 16 MiB per hash. */
export const DEFAULT_HASH_COST = 14;

const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, cost: number): Promise<Buffer> {
  const N = 2 ** cost;
  return new Promise((resolve, reject) => {
    crypto.scrypt(secret, salt, KEY_LENGTH, { N, r: BLOCK_SIZE, p: PARALLELISM, maxmem: 256 * N * BLOCK_SIZE }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** `scrypt$<cost>$<salt>$<hash>` (base64 parts). */
export async function hashSecret(secret: string, cost = DEFAULT_HASH_COST): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await derive(secret, salt, cost);
  return `scrypt$${cost}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** True when `secret` matches `stored` (compared in constant time); false for a malformed stored hash. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, costText, saltText, hashText] = stored.split('$');
  const cost = Number(costText);
  if (scheme !== 'scrypt' || !Number.isInteger(cost) || cost < 1 || cost > 20 || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64');
  const actual = await derive(secret, Buffer.from(saltText, 'base64'), cost);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}
