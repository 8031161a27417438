import { Agent, request } from 'undici';

// What the proxy adds to each exchange: the same request sent to the server directly and through
// the proxy, one after the other (A B A B, so that drift in the machine's load hits both alike),
// one request in flight at a time; the figure is the median of the paired differences.

export interface ProxyLatencyResult {
  pairs: number;
  directMedianMs: number;
  proxiedMedianMs: number;
  /** Median of (proxied - direct) over the pairs. */
  addedMedianMs: number;
  addedP90Ms: number;
}

const median = (values: readonly number[]): number => quantile(values, 0.5);

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const round = (n: number): number => Math.round(n * 1000) / 1000;

export async function proxyLatency(
  directBase: string,
  proxiedBase: string,
  path: string,
  headers: Record<string, string>,
  pairs: number,
): Promise<ProxyLatencyResult> {
  const agent = new Agent({ connections: 2, keepAliveTimeout: 10_000 });
  const once = async (base: string): Promise<number> => {
    const started = performance.now();
    const answer = await request(`${base}${path}`, { headers, dispatcher: agent });
    await answer.body.text();
    return performance.now() - started;
  };
  try {
    // Warm both paths: connections open, code paths compiled.
    for (let i = 0; i < 50; i += 1) {
      await once(directBase);
      await once(proxiedBase);
    }
    const direct: number[] = [];
    const proxied: number[] = [];
    for (let i = 0; i < pairs; i += 1) {
      direct.push(await once(directBase));
      proxied.push(await once(proxiedBase));
    }
    const added = proxied.map((ms, i) => ms - direct[i]);
    return {
      pairs,
      directMedianMs: round(median(direct)),
      proxiedMedianMs: round(median(proxied)),
      addedMedianMs: round(median(added)),
      addedP90Ms: round(quantile(added, 0.9)),
    };
  } finally {
    await agent.close();
  }
}
