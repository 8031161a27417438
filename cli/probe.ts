import { HttpClient, TransportError } from '../harness/http-client.js';
import { secretsOf } from '../harness/secrets.js';
import type { TargetProfile } from '../contracts/target-profile.js';
import { UnreachableError } from './errors.js';

// Whether the target answers at all, before anything is sent to its APIs: any HTTP answer means
// reachable; no answer is exit 3. A probe that timed out is tried twice more: "could not be
// reached" is a strong claim, and a target (or a machine) busy for one timeout is not unreachable.

const TRIES = 3;

/** The status GET / was answered with; throws UnreachableError when it was not answered. */
export async function probe(target: TargetProfile, timeoutMs: number): Promise<number> {
  const client = new HttpClient({ baseUrl: target.baseUrl, timeoutMs, secrets: secretsOf(target) });
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (await client.send({ method: 'GET', path: '/' })).status;
    } catch (error) {
      if (!(error instanceof TransportError)) throw error;
      // An answer whose body could not be read as anything (a gzip bomb) is an answer all the same.
      const answered = error.exchange.response?.status;
      if (answered !== undefined) return answered;
      if (attempt < TRIES && /\(timeout\)/.test(error.message)) continue;
      throw new UnreachableError(
        `cannot reach ${target.baseUrl}: ` +
          error.message.replace(/^GET \S+: /, '') +
          (attempt > 1 ? ` (${attempt} tries)` : ''),
      );
    }
  }
}
