import { hashPassword, verifyPassword } from 'better-auth/crypto';
import type { PasswordHashing } from '../platform/auth/auth';

/*
 * The auth engine's own scrypt, remembered per test process. A hash takes about 0.2 s of CPU and
 * the API tests create users by the hundred, most with the shared test password: each distinct
 * password is hashed once and each (hash, password) pair checked once, by the real functions.
 * Never for a running server: it keeps passwords in memory.
 */

const hashes = new Map<string, Promise<string>>();
const verdicts = new Map<string, Promise<boolean>>();

export const rememberedPasswordHashing: PasswordHashing = {
  hash(password) {
    let hash = hashes.get(password);
    if (!hash) {
      hash = hashPassword(password);
      hashes.set(password, hash);
    }
    return hash;
  },
  verify({ hash, password }) {
    const key = `${hash}\u0000${password}`;
    let verdict = verdicts.get(key);
    if (!verdict) {
      verdict = verifyPassword({ hash, password });
      verdicts.set(key, verdict);
    }
    return verdict;
  },
};
