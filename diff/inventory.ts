import type { TargetProfile } from '../contracts/target-profile.js';
import { closeSharedAgent, HttpClient } from '../harness/http-client.js';
import { secretsOf } from '../harness/secrets.js';

// What a target holds before the diff runs on it: the plans and subscriptions of earlier runs
// (the spec has no delete). Its lists then show them, or are shifted by them even on pages that
// do not: which of the two cannot be told from the run's answers alone, so it is asked first,
// a few pages of each list at most. An embedded reference starts empty and is not asked.

const PAGE_SIZE = 20;
const PAGES = 5;

async function listedIds(client: HttpClient, path: string, member: string, token: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; page <= PAGES; page += 1) {
    const reply = await client
      .send({ method: 'GET', path, query: { page_size: PAGE_SIZE, page }, token })
      .catch(() => undefined);
    const items =
      reply?.status === 200 && typeof reply.json === 'object' && reply.json !== null
        ? (reply.json as Record<string, unknown>)[member]
        : undefined;
    if (!Array.isArray(items)) break;
    for (const item of items)
      if (typeof (item as { id?: unknown })?.id === 'string') ids.push((item as { id: string }).id);
    if (items.length < PAGE_SIZE) break;
  }
  return ids;
}

/** The plans and subscriptions the target's billing lists show before a run (none without a billing section). */
export async function heldBefore(
  target: TargetProfile,
  timeoutMs: number,
): Promise<{ plans: string[]; subscriptions: string[] }> {
  const token = target.billing?.token;
  if (token === undefined) return { plans: [], subscriptions: [] };
  const client = new HttpClient({ baseUrl: target.baseUrl, timeoutMs, secrets: secretsOf(target) });
  try {
    return {
      plans: await listedIds(client, '/v1/billing/plans', 'plans', token),
      subscriptions: await listedIds(client, '/v1/billing/subscriptions', 'subscriptions', token),
    };
  } finally {
    await closeSharedAgent();
  }
}
