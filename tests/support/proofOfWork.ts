/**
 * Proofs of work for tests that post to a service collection themselves (the browser's form solves its
 * own): fetched from the server under test and solved with the code the site ships.
 */
import { challengeUrl, isChallenge, proofValue, type Challenge } from '../../src/engine/proofOfWork.ts';
import { solveChallenge } from '../../src/engine/proofOfWork.solver.ts';

export async function challengeFor(url: string, collection: string): Promise<Challenge> {
  const res = await fetch(`${url}${challengeUrl(collection)}`);
  const body: unknown = await res.json();
  if (!res.ok || !isChallenge(body)) throw new Error(`no challenge for ${collection}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** The `proof` field's value for one submission to `collection` on the server at `url`. */
export async function solvedProof(url: string, collection: string): Promise<string> {
  const challenge = await challengeFor(url, collection);
  const number = solveChallenge(challenge);
  if (number === null) throw new Error(`challenge for ${collection} has no solution up to ${challenge.maxnumber}`);
  return proofValue(challenge, number);
}
