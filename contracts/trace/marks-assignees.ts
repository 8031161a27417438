import { marksOf, type Mark } from './marks.js';

// The sentences of spec/assignees.md that no rule is anchored at, each with why.

const { info, hidden, restates } = marksOf('assignees.md');

const NOT_SHOWN = 'marks something "not shown": the checks never assert on it';
const USER = 'a member that is a User: the User rules check every User an answer carries';

export const ASSIGNEES_MARKS: readonly Mark[] = [
  info(3, 'This document covers', 'introduces the document'),
  info(3, 'A second document covers', 'points to the other document (spec/billing.md)'),
  info(
    3,
    'Base address',
    "names the base address: the target profile's baseUrl, under which the checks send every request",
  ),
  restates(
    8,
    'Checks whether a user can be assigned',
    [
      [60, '204'],
      [63, '204'],
    ],
    'the two check operations state their answers',
  ),
  restates(
    29,
    'user | User',
    [
      [16, 'Fields: login'],
      [61, '201, Issue'],
    ],
    `${USER}; that an Issue carries user is the Issue members rule`,
  ),
  info(30, 'pinned_comment', 'null or any value: nothing an answer could break'),
  restates(33, 'milestone | Milestone or null', [[45, 'Milestone:']], 'the Milestone paragraph states its members'),
  restates(39, 'closed_by | User', [[16, 'Fields: login']], USER),
  info(47, 'Allowed values of state', `${NOT_SHOWN}: those members are checked as strings only`),
  restates(
    51,
    'An issue has a state field',
    [
      [26, 'state'],
      [41, 'state_reason'],
    ],
    'the Issue rows state both members; the values that appear are not a closed set',
  ),
  info(51, 'Transitions: not shown', NOT_SHOWN),
  restates(
    55,
    'Headers Authorization (bearer) and X-Service-Api-Version may be sent',
    [
      [72, 'Bearer'],
      [104, 'date-formatted version'],
    ],
    'Authentication and Versioning state what each header carries',
  ),
  info(65, 'Rules:', 'introduces the list below it'),
  info(68, 'Defaults of per_page and page', NOT_SHOWN),
  hidden(
    73,
    'Accepted fine-grained token types',
    'which kind of token a credential is cannot be told from outside: the checks use the tokens the target profile ' +
      'gives',
  ),
  info(76, 'Token issuance', NOT_SHOWN),
  info(80, 'Events: not shown', NOT_SHOWN),
  restates(
    86,
    'OK (list, remove)',
    [
      [59, '200'],
      [62, '200'],
    ],
    'the list and remove rows state their success code',
  ),
  restates(87, 'Created (add)', [[61, '201']], 'the add row states its success code'),
  restates(
    88,
    'assignee can be assigned',
    [
      [60, '204'],
      [63, '204'],
    ],
    'the two check rows state their success code',
  ),
  info(91, 'Error response body shape', `${NOT_SHOWN}: any error body is accepted`),
  restates(98, 'assignees added per request', [[66, 'up to 10']], 'rule 1 of Endpoints states the limit'),
  info(100, 'Rate limits', `${NOT_SHOWN}: a 429 with Retry-After is waited for, never judged`),
  info(104, 'Supported version values and deprecation policy', NOT_SHOWN),
];
