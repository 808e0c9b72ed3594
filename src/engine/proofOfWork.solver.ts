/**
 * The search of a proof-of-work challenge (src/engine/proofOfWork.ts): the number n with
 * sha256(salt + n) = challenge, tried from 0 up. SHA-256 is @noble/hashes', not crypto.subtle, which
 * a page served over plain http on a LAN address does not have (and whose promise per hash is slow).
 * Runs in the Web Worker (proofOfWork.worker.ts), or in slices on the page when there is none.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import type { Challenge } from './proofOfWork.ts';

/** The salt's bytes, room for the digits of any number after them, and the challenge as bytes. */
export interface Search {
  buffer: Uint8Array;
  saltLength: number;
  target: Uint8Array;
}

export function prepare(challenge: Pick<Challenge, 'salt' | 'challenge'>): Search {
  const salt = new TextEncoder().encode(challenge.salt);
  const buffer = new Uint8Array(salt.length + 16);
  buffer.set(salt);
  return { buffer, saltLength: salt.length, target: hexToBytes(challenge.challenge) };
}

/** The solving number in [from, to], or null. Numbers are written as ASCII digits in place: no string per try. */
export function searchRange(search: Search, from: number, to: number): number | null {
  const { buffer, saltLength, target } = search;
  const t0 = target[0];
  for (let n = from; n <= to; n++) {
    let length = saltLength;
    const digits = String(n);
    for (let i = 0; i < digits.length; i++) buffer[length++] = digits.charCodeAt(i);
    const hash = sha256(buffer.subarray(0, length));
    if (hash[0] !== t0) continue;
    let same = true;
    for (let i = 1; i < 32; i++) {
      if (hash[i] !== target[i]) {
        same = false;
        break;
      }
    }
    if (same) return n;
  }
  return null;
}

/** The whole search at once (a worker, a test or a script): the number, or null when none up to maxnumber solves it. */
export function solveChallenge(challenge: Pick<Challenge, 'salt' | 'challenge' | 'maxnumber'>): number | null {
  return searchRange(prepare(challenge), 0, challenge.maxnumber);
}
