// Payment source cards and their stored_credential (the card rules, on create and on a replace of
// subscriber.payment_source). One entry a fault: its name, the rule it breaks (its kind is the
// rule's), what it does, and where it plugs in (faults/points.ts).

import { skipsCheckOf, type FaultPlugin } from './plugin.js';

export const CARD_FAULTS = [
  {
    name: 'card-number-20-digits-accepted',
    rule: 'billing.card.number.length',
    description: 'A payment source card number of 20 digits is accepted.',
    at: { 'card number max': () => 20 },
  },
  {
    name: 'card-security-code-4-refused',
    rule: 'billing.card.security_code.length',
    description: 'A payment source card security_code of 4 digits is refused (limit applied as 3).',
    at: { 'card security_code max': () => 3 },
  },
  {
    name: 'card-billing-address-line-2-refused',
    rule: 'billing.card.billing_address.members-only',
    description:
      'A card billing_address with address_line_2, one of its six members, is refused as an unknown ' + 'member.',
    at: { 'card billing_address members': (members) => members.filter((member) => member !== 'address_line_2') },
  },
  {
    name: 'card-verification-method-open',
    rule: 'billing.card.attributes.verification.method.enum',
    description:
      'A card verification.method accepts any upper-case word (for example SCA_NEVER), not only ' +
      'SCA_ALWAYS, SCA_WHEN_REQUIRED, 3D_SECURE and AVS_CVV.',
    at: { 'card verification method rule': () => ({ pattern: /^[A-Z0-9_]+$/, patternText: 'upper case' }) },
  },
  {
    name: 'card-customer-id-23-accepted',
    rule: 'billing.card_customer.id.length',
    description: 'A card_customer id of 23 characters is accepted.',
    at: { 'card_customer id max': () => 23 },
  },
  {
    name: 'stored-credential-one-time-merchant-accepted',
    rule: 'billing.stored_credential.one-time-requires-customer',
    description: 'A stored_credential with payment_type ONE_TIME and payment_initiator MERCHANT is accepted.',
    at: skipsCheckOf('billing.stored_credential.one-time-requires-customer'),
  },
  {
    name: 'card-security-code-merchant-accepted',
    rule: 'billing.card.security_code.absent-for-merchant',
    description: 'A card with a security_code and stored_credential payment_initiator MERCHANT is accepted.',
    at: skipsCheckOf('billing.card.security_code.absent-for-merchant'),
  },
  {
    name: 'stored-credential-first-merchant-accepted',
    rule: 'billing.stored_credential.first-requires-customer',
    description: 'A stored_credential with usage FIRST and payment_initiator MERCHANT is accepted.',
    at: skipsCheckOf('billing.stored_credential.first-requires-customer'),
  },
  {
    name: 'stored-credential-reference-customer-accepted',
    rule: 'billing.stored_credential.reference-requires-merchant',
    description:
      'A stored_credential with a previous transaction reference and payment_initiator CUSTOMER is ' + 'accepted.',
    at: skipsCheckOf('billing.stored_credential.reference-requires-merchant'),
  },
  {
    name: 'stored-credential-two-references-accepted',
    rule: 'billing.stored_credential.one-reference-only',
    description:
      'A stored_credential with both previous_transaction_reference and ' +
      'previous_network_transaction_reference is accepted.',
    at: skipsCheckOf('billing.stored_credential.one-reference-only'),
  },
] as const satisfies readonly FaultPlugin[];
