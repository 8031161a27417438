// stored_credential of a card (billing.md, "Payment source card shapes"): payment_initiator and
// payment_type required, usage optional (default DERIVED), previous_network_transaction_reference
// optional, and the rules between them: ONE_TIME requires CUSTOMER; usage FIRST requires
// CUSTOMER; a previous transaction reference requires MERCHANT.
//
// A valid reference carries its id only: the formats of date and network and the values of
// network are not shown ("Sample-only values ... network reference network names: not shown").
import fc from 'fast-check';
import { digitChar, textOfLength } from '../text.js';

export const PAYMENT_INITIATORS = ['CUSTOMER', 'MERCHANT'] as const;
export const PAYMENT_TYPES = ['ONE_TIME', 'RECURRING', 'UNSCHEDULED'] as const;
export const CREDENTIAL_USAGES = ['FIRST', 'SUBSEQUENT', 'DERIVED'] as const;

export type PaymentInitiator = (typeof PAYMENT_INITIATORS)[number];
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export type CredentialUsage = (typeof CREDENTIAL_USAGES)[number];

export interface NetworkTransactionReference {
  id: string;
  date?: string;
  acquirer_reference_number?: string;
  network?: string;
}

export interface StoredCredential {
  payment_initiator: PaymentInitiator;
  payment_type: PaymentType;
  usage?: CredentialUsage;
  previous_network_transaction_reference?: NetworkTransactionReference;
}

/** Whether the stated rules between the members hold. */
export function isAllowedCredential(c: StoredCredential): boolean {
  if (c.payment_type === 'ONE_TIME' && c.payment_initiator !== 'CUSTOMER') return false;
  if (c.usage === 'FIRST' && c.payment_initiator !== 'CUSTOMER') return false;
  if (c.previous_network_transaction_reference !== undefined && c.payment_initiator !== 'MERCHANT') return false;
  return true;
}

/** A network transaction id: 15 digits, the shape card networks commonly issue. */
export const networkReferenceId: fc.Arbitrary<string> = textOfLength(digitChar, 15);

/**
 * Every allowed combination of initiator, payment type, usage (or none) and reference (or none),
 * the reference carrying `referenceId`: 12 initiated by the customer, 12 by the merchant.
 */
export function allowedCredentials(referenceId: string): StoredCredential[] {
  const out: StoredCredential[] = [];
  for (const payment_initiator of PAYMENT_INITIATORS) {
    for (const payment_type of PAYMENT_TYPES) {
      for (const usage of [undefined, ...CREDENTIAL_USAGES]) {
        for (const withReference of [false, true]) {
          const credential: StoredCredential = {
            payment_initiator,
            payment_type,
            ...(usage ? { usage } : {}),
            ...(withReference ? { previous_network_transaction_reference: { id: referenceId } } : {}),
          };
          if (isAllowedCredential(credential)) out.push(credential);
        }
      }
    }
  }
  return out;
}

/** A stored credential drawn from every allowed combination. */
export const storedCredential: fc.Arbitrary<StoredCredential> = networkReferenceId.chain((id) =>
  fc.constantFrom(...allowedCredentials(id)),
);
