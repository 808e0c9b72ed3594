/**
 * The proof-of-work search off the page's thread (src/engine/proofOfWork.ts starts it): { id, challenge }
 * in, { id, number } out (number null when nothing up to maxnumber solves it).
 */
import type { Challenge } from './proofOfWork.ts';
import { solveChallenge } from './proofOfWork.solver.ts';

self.onmessage = (e: MessageEvent<{ id: number; challenge: Challenge }>) => {
  self.postMessage({ id: e.data.id, number: solveChallenge(e.data.challenge) });
};
