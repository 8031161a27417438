// Request headers of the billing create operations (billing.md, "Endpoints"): Prefer,
// Platform-Request-Id (idempotency key) and, on create subscription, Platform-Client-Metadata-Id
// (string 1..36).
import fc from 'fast-check';
import { at, type Breaker, invalidOf, type Invalid } from '../invalid.js';
import { alphanumericChar, lengthBetween, textOfLength } from '../text.js';

export const PREFER_VALUES = ['return=minimal', 'return=representation'] as const;
export const CLIENT_METADATA_ID_MAX = 36;

export interface CreateHeaders {
  Prefer?: (typeof PREFER_VALUES)[number];
  'Platform-Request-Id'?: string;
}

export interface CreateSubscriptionHeaders extends CreateHeaders {
  'Platform-Client-Metadata-Id'?: string;
}

/** Fresh idempotency keys (UUIDs; fast-check makes them, so they replay with the seed). */
export const requestId: fc.Arbitrary<string> = fc.uuid();

/** Prefer and Platform-Request-Id, each present or absent. */
export const createHeaders: fc.Arbitrary<CreateHeaders> = fc.record(
  { Prefer: fc.constantFrom(...PREFER_VALUES), 'Platform-Request-Id': requestId },
  { requiredKeys: [] },
);

const metadataId = (n: number): fc.Arbitrary<string> => textOfLength(alphanumericChar, n);

/** Create-subscription headers; Platform-Client-Metadata-Id of 1..36 when present. */
export const createSubscriptionHeaders: fc.Arbitrary<CreateSubscriptionHeaders> = fc
  .tuple(createHeaders, fc.option(lengthBetween(1, CLIENT_METADATA_ID_MAX).chain(metadataId), { nil: undefined }))
  .map(([h, m]) => (m === undefined ? h : { ...h, 'Platform-Client-Metadata-Id': m }));

/** Create-subscription headers with Platform-Client-Metadata-Id of exactly 1 or 36 characters. */
export const createSubscriptionHeadersBoundary: fc.Arbitrary<CreateSubscriptionHeaders> = fc
  .tuple(createHeaders, fc.constantFrom(1, CLIENT_METADATA_ID_MAX).chain(metadataId))
  .map(([h, m]) => ({ ...h, 'Platform-Client-Metadata-Id': m }));

// No break of 0 characters: many HTTP stacks take an empty header value for an absent header,
// and the header is optional, so accepting it breaks nothing the spec states.
const breakHeaders: Breaker<CreateSubscriptionHeaders>[] = [
  at(['Platform-Client-Metadata-Id'], () =>
    metadataId(CLIENT_METADATA_ID_MAX + 1).map((value) => ({
      value,
      rule: 'billing.create-subscription.client_metadata_id.length',
      description: `Platform-Client-Metadata-Id of ${CLIENT_METADATA_ID_MAX + 1} characters (1..36)`,
      path: '',
    })),
  ),
];

/** Create-subscription headers whose Platform-Client-Metadata-Id has 37 characters. */
export const createSubscriptionHeadersInvalid: fc.Arbitrary<Invalid<CreateSubscriptionHeaders>> = invalidOf(
  createSubscriptionHeaders,
  breakHeaders,
) as fc.Arbitrary<Invalid<CreateSubscriptionHeaders>>;
