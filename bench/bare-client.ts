// The cheapest undici client of one endpoint: `inFlight` loops that send, read and parse,
// checking nothing. Beside autocannon it shows what the HTTP client itself costs, so that the
// checker's rate can be read against what any undici-based client could drive on this machine.
import { Agent, request } from 'undici';

export interface BareClientResult {
  requestsPerSecond: number;
  /** CPU of this process per request (it runs nothing else meanwhile). */
  cpuMsPerRequest: number;
  non2xx: number;
}

export async function bareClient(
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  seconds: number,
  inFlight = 10,
): Promise<BareClientResult> {
  const agent = new Agent({ connections: inFlight });
  let sent = 0;
  let non2xx = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const cpuBefore = process.cpuUsage();
  const loop = async (): Promise<void> => {
    while (performance.now() < end) {
      const res = await request(url, {
        method: init.method,
        headers: init.headers,
        body: init.body,
        dispatcher: agent,
      });
      JSON.parse(await res.body.text());
      sent += 1;
      if (res.statusCode < 200 || res.statusCode > 299) non2xx += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: inFlight }, loop));
  } finally {
    await agent.close();
  }
  const cpu = process.cpuUsage(cpuBefore);
  const elapsedS = (performance.now() - started) / 1000;
  return {
    requestsPerSecond: Math.round(sent / elapsedS),
    cpuMsPerRequest: Math.round(((cpu.user + cpu.system) / 1000 / Math.max(1, sent)) * 1000) / 1000,
    non2xx,
  };
}
