import { startLocalServer, type LocalServer } from '../../test-support/local-server.js';

// A server that answers one fixed JSON body to every request, whatever its method, path, body
// or credential: 201 to a POST, 200 to anything else. The body looks like a plan, a subscription
// and both lists at once, with markup for a status, no approve link, and list items without a
// product_id. Nothing it answers shows a rule holding: a run against it may credit no rule whose
// judgement needs a status it never answers, a step it never takes, or a member it never sends.

export const FIXED_MARKUP_STATUS = '<b onmouseover="alert(1)">ACTIVE</b>';

function fixedBody(base: string): string {
  const self = [{ href: `${base}/v1/billing/plans/P-5ML4271244454362WXNWU5NQ`, rel: 'self', method: 'GET' }];
  // a listed plan of its own, not the one every create is answered with
  const item = { id: 'P-8XN27733H4542354JLBQBA7Y', name: 'Listed plan', description: 'Fixed', links: self };
  return JSON.stringify({
    id: 'P-5ML4271244454362WXNWU5NQ',
    status: FIXED_MARKUP_STATUS,
    name: 'Fixed plan',
    plans: [item],
    subscriptions: [{ id: 'I-BW452GLLEP1G', status: FIXED_MARKUP_STATUS, links: self }],
    links: self,
  });
}

export function startFixedBodyServer(): Promise<LocalServer> {
  return startLocalServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const text = fixedBody(`http://${req.headers.host}`);
      res.writeHead(req.method === 'POST' ? 201 : 200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      });
      res.end(text);
    });
  });
}
