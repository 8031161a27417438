import { check } from '../../harness/check.js';
import { includesLogin, minus, showLogins } from './support/logins.js';
import { listAll, profileAssignable, reader } from './support/pool.js';
import { publicRepo } from './support/api.js';

// assignees.md, "What the service does", 1: "Lists the users who can be assigned to issues in a
// repository". Over all its pages, the list names every assignable user and no one else.

check(
  {
    name: 'list assignees names every assignable login of the profile and not the one that cannot be assigned',
    rules: ['assignees.list.lists-assignable', 'assignees.list.only-assignable'],
    needs: ['assignees'],
  },
  async (ctx) => {
    const listing = await listAll(ctx, publicRepo(ctx), reader(ctx));
    const exchanges = listing.replies.map((reply) => reply.exchange).slice(-4);
    const missing = minus(profileAssignable(ctx), listing.logins);
    if (missing.length > 0) {
      ctx.fail({
        rule: 'assignees.list.lists-assignable',
        message:
          `the list of assignees (all pages) leaves out ${showLogins(missing)}, ` +
          `whom the profile names as assignable`,
        expected: `a list including ${showLogins(profileAssignable(ctx))}`,
        received: `users ${showLogins(listing.logins)}`,
        exchanges,
      });
    }
    ctx.credit('assignees.list.lists-assignable', exchanges, `every assignable login of the profile listed`);
    const cannot = ctx.assignees.notAssignable;
    if (cannot && includesLogin(listing.logins, cannot)) {
      ctx.fail({
        rule: 'assignees.list.only-assignable',
        message: `the list of assignees names ${cannot}, who cannot be assigned`,
        expected: `a list without ${cannot}`,
        received: `users ${showLogins(listing.logins)}`,
        exchanges,
      });
    }
    if (cannot) ctx.credit('assignees.list.only-assignable', exchanges, `${cannot} not listed`);
  },
);
