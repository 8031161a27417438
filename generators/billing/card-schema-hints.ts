// Card shapes for the schema-driven families (billing.md "Payment source card shapes"): what
// the schema-driven generator cannot know. The stored_credential rules (ONE_TIME and usage FIRST
// require CUSTOMER, a previous reference requires MERCHANT, one reference only) are in the contract
// and kept by the generator; previous_transaction_reference is named only by the last rule, not
// among the members, so it is added here, to MERCHANT credentials without a network reference.
import fc from 'fast-check';
import type { Draw } from '../schema/generate.js';
import { textOfLength, upperAlnumChar } from '../text.js';

/** Card network identifiers as they are written (upper case with underscores), UNKNOWN included. */
export const cardBrand: fc.Arbitrary<string> = fc.constantFrom(
  'VISA',
  'MASTERCARD',
  'AMEX',
  'DISCOVER',
  'JCB',
  'CB_NATIONALE',
  'UNKNOWN',
);

/** A stored_credential from the contract, now and then with a previous_transaction_reference. */
export function withPreviousTransactionReference(draw: Draw, generic: () => unknown): unknown {
  const v = generic() as Record<string, unknown>;
  if (v.payment_initiator === 'MERCHANT' && !('previous_network_transaction_reference' in v) && draw(fc.boolean())) {
    return { ...v, previous_transaction_reference: { id: draw(textOfLength(upperAlnumChar, 17)) } };
  }
  return v;
}
