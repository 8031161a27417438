// The seeded data every instance starts with. Fixed names and tokens, so that a target profile
// for the reference can be written without reading its state.

export const FIXTURES = {
  productId: 'PROD-4CWK2S8EBB4FG3ZT1',
  billingToken: 'reference-billing-token',
  owner: 'octo-org',
  publicRepo: 'hello-world',
  privateRepo: 'secret',
  /** Has push access to both repositories (and is assignable). */
  pushUser: { login: 'octo-admin', token: 'reference-push-token' },
  /** Has read access to both repositories, no push access, not assignable. */
  readUser: { login: 'octo-reader', token: 'reference-read-token' },
  assignable: [
    'alice',
    'bob',
    'carol',
    'dave',
    'erin',
    'frank',
    'grace',
    'heidi',
    'ivan',
    'judy',
    'kevin',
    'laura',
    'mike',
    'nina',
  ],
  /** A real user with no access to the repositories: cannot be assigned. */
  notAssignable: 'mallory',
  issueNumber: 1,
  pullNumber: 2,
  /** When the seeded issues were opened. */
  seededAt: '2026-01-05T09:30:00Z',
  /** When the seeded issues were closed, before they were reopened. */
  closedAt: '2026-01-06T16:45:00Z',
} as const;
