import { marksOf, type Mark } from './marks.js';

// The sentences of spec/billing.md that no rule is anchored at, each with why.

const { info, hidden, restates } = marksOf('billing.md');

const NOT_SHOWN = 'marks something "not shown": the checks never assert on it';
const DATE_TIME = 'a member that is a date_time: the date_time rules check every date_time an answer carries';
const MONEY = 'a member that is a Money: the Money rules check every Money an answer carries';
const LINKS = 'a member that is an array of Link: the Link rules check every link and link array an answer carries';

/** The rows of the operation tables, each with its success code. */
const OPERATION_ROWS: Array<[number, string]> = [
  [192, '201'],
  [193, '200'],
  [194, '200'],
  [195, '204'],
  [196, '204'],
  [197, '204'],
  [198, '204'],
  [206, '201'],
  [207, '200'],
  [208, '200'],
  [209, '204'],
  [210, '200'],
  [211, '204'],
  [212, '204'],
  [213, '204'],
  [214, '202'],
  [215, '200'],
];

export const BILLING_MARKS: readonly Mark[] = [
  info(3, 'This document covers', 'introduces the document'),
  info(3, 'A second document covers', 'points to the other document (spec/assignees.md)'),
  info(
    5,
    'Base address',
    "names the base address: the target profile's baseUrl, under which the checks send every request",
  ),
  info(
    5,
    'All paths are relative to it',
    "says how the paths are written: the checks send each under the profile's baseUrl",
  ),
  info(5, 'the neutral word PLATFORM', 'an editorial note on how the spec writes the brand word'),
  info(
    9,
    'A plan defines pricing',
    'describes what a plan is for; its members are stated, and checked, in the Plan, billing_cycle and ' +
      'pricing_scheme tables',
  ),
  hidden(
    10,
    'A subscription ties a subscriber',
    'processing recurring payments happens on billing dates after the run; the subscription members that are shown ' +
      'are checked by the Subscription table rules',
  ),
  restates(13, 'Responses carry hypermedia links', [[24, 'href']], 'the Link row states the members of a link'),
  info(17, 'Lengths are in characters', 'says how the lengths of the tables are counted'),
  info(17, 'Req = required', 'explains a column heading'),
  restates(50, 'create_time, update_time', [[25, 'date_time']], DATE_TIME),
  restates(
    51,
    'links | array of Link',
    [[24, 'Link arrays']],
    `${LINKS}; the rel values listed are those seen, not a closed set`,
  ),
  restates(72, 'fixed_price', [[23, 'Money']], MONEY),
  restates(74, 'create_time, update_time', [[25, 'date_time']], DATE_TIME),
  restates(91, 'status_update_time', [[25, 'date_time']], DATE_TIME),
  restates(97, 'shipping_amount', [[23, 'Money']], MONEY),
  restates(102, 'billing_info | object', [[108, 'billing_info:']], 'the billing_info paragraph states its members'),
  restates(103, 'create_time, update_time', [[25, 'date_time']], DATE_TIME),
  restates(
    104,
    'links | array of Link',
    [
      [24, 'Link arrays'],
      [178, 'approve link'],
    ],
    `${LINKS}; the approve link is its own rule`,
  ),
  info(106, 'The complete field list of the subscriber request', NOT_SHOWN),
  info(106, 'Length limits of address fields', NOT_SHOWN),
  info(110, 'cycle_execution:', 'introduces the table below it'),
  info(152, 'Sample-only values', NOT_SHOWN),
  info(
    174,
    'the full status set: not shown',
    'names statuses that appear; the full set is not shown, so no status is refused for being another',
  ),
  info(182, 'Transitions for suspend, cancel, activate and capture', NOT_SHOWN),
  restates(
    235,
    'the cycle selector is written as',
    [
      [223, 'fixed_price'],
      [224, 'tiers'],
      [225, 'total_cycles'],
    ],
    'the patchable cycle paths use the selector; their rules send it',
  ),
  info(245, 'Token issuance', NOT_SHOWN),
  info(249, 'Events, webhook event names', NOT_SHOWN),
  info(255, 'Error response body shape', `${NOT_SHOWN}: any error body is accepted`),
  info(
    256,
    'Conditions, status codes and codes',
    `${NOT_SHOWN}: any refusal status is accepted where the spec names none`,
  ),
  restates(
    262,
    'page_size',
    [
      [193, 'page_size'],
      [207, 'page_size'],
    ],
    'the list operations state their page_size',
  ),
  restates(
    263,
    'page',
    [
      [193, 'page (integer'],
      [207, 'page (1..'],
    ],
    'the list operations state their page',
  ),
  restates(264, 'plan billing_cycles', [[44, 'billing_cycles']], 'the Plan row of billing_cycles states both limits'),
  restates(265, 'update pricing items', [[198, 'pricing_schemes']], 'the update pricing row states the item count'),
  restates(267, 'filter expression', [[207, 'filter']], 'the list subscriptions row states the filter length'),
  restates(
    269,
    'price update effect',
    [[235, 'a price update does not affect']],
    'the patch rules of Subscriptions state it',
  ),
  restates(
    270,
    'reason and note',
    [
      [211, 'reason'],
      [212, 'reason'],
      [213, 'reason'],
      [214, 'note'],
    ],
    'the suspend, cancel, activate and capture rows state the lengths',
  ),
  info(272, 'Rate limits', `${NOT_SHOWN}: a 429 with Retry-After is waited for, never judged`),
  info(
    273,
    'Behavior when an idempotency key is repeated',
    `${NOT_SHOWN}: the idempotency rules accept any answer to a repeat that creates nothing new`,
  ),
  restates(
    277,
    'first path segment (v1)',
    OPERATION_ROWS,
    'every operation row gives its /v1/billing path, and the checks send each there',
  ),
  restates(
    278,
    'Pricing schemes carry an integer version',
    [
      [69, 'version'],
      [118, 'current_pricing_scheme_version'],
    ],
    'the pricing_scheme and cycle_execution rows state both members',
  ),
  info(280, 'Version negotiation and deprecation policy', NOT_SHOWN),
];
