// assignees.md: "Bodies are JSON". The checker asks for no content coding (no Accept-Encoding):
// answers with a body come without one (HTTP practice, a SHOULD: judging/coding.ts). A coded body
// is judged decoded by every check all the same, so this is the one place a coding the client
// did not ask for shows.

import { check } from '../../harness/check.js';
import type { Reply } from '../../harness/exchange.js';
import { expectNoUnaskedCoding } from '../shared/unasked-coding.js';
import { assigneesPath, listAssignees, publicRepo, sendAs } from './support/api.js';
import { reader } from './support/pool.js';

check(
  {
    name: 'assignee answers come without a content coding the request did not ask for',
    rules: ['assignees.http.coding-asked-for'],
    needs: ['assignees'],
  },
  async (ctx) => {
    const repo = publicRepo(ctx);
    const replies: Array<[string, Reply]> = [
      ['list assignees', await listAssignees(ctx, repo, reader(ctx), { per_page: 100 })],
      [
        'list assignees of a repository that does not exist',
        await sendAs(ctx, reader(ctx), {
          method: 'GET',
          path: assigneesPath({ ...repo, repo: `${repo.repo}-${ctx.settings.runId}-none` }),
        }),
      ],
    ];
    expectNoUnaskedCoding(ctx, 'assignees', replies);
  },
);
