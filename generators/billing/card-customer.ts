// card_customer, the card's attributes.customer (billing.md, "Payment source card shapes"): id
// 1..22 (letters, digits, underscore, hyphen), email_address 3..254, phone {phone_type,
// phone_number {national_number}}, merchant_customer_id 1..64.
//
// Letters are read as ASCII letters (the contract's pattern); an id with a non-ASCII letter is
// neither sent as valid nor as a break. phone_type values are not shown ("Sample-only values"),
// so a valid phone carries its number only.
import fc from 'fast-check';
import { emailAddress } from '../faker.js';
import { alphanumericChar, digitChar, lengthBetween, textOfLength } from '../text.js';

export const CUSTOMER_ID_MAX = 22;
export const MERCHANT_CUSTOMER_ID_MAX = 64;

export interface CardCustomer {
  id?: string;
  email_address?: string;
  phone?: { phone_type?: string; phone_number?: { national_number?: string } };
  merchant_customer_id?: string;
}

/** One character of a customer id: ASCII letter, digit, underscore or hyphen. */
export const customerIdChar: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: alphanumericChar, weight: 8 },
  { arbitrary: fc.constantFrom('_', '-'), weight: 2 },
);

export function customerIdOfLength(n: number): fc.Arbitrary<string> {
  return textOfLength(customerIdChar, n);
}

/** A merchant's own customer reference: letters and digits (its characters are not stated). */
export function merchantCustomerIdOfLength(n: number): fc.Arbitrary<string> {
  return textOfLength(alphanumericChar, n);
}

/** A national phone number: 10 digits, not starting with 0. */
export const nationalNumber: fc.Arbitrary<string> = textOfLength(digitChar, 9).map((rest) => `4${rest}`);

/** A card customer with every member present or absent (at least one present), lengths anywhere in range. */
export const cardCustomer: fc.Arbitrary<CardCustomer> = fc
  .record(
    {
      id: lengthBetween(1, CUSTOMER_ID_MAX).chain(customerIdOfLength),
      email_address: emailAddress,
      phone: nationalNumber.map((national_number) => ({ phone_number: { national_number } })),
      merchant_customer_id: lengthBetween(1, MERCHANT_CUSTOMER_ID_MAX).chain(merchantCustomerIdOfLength),
    },
    { requiredKeys: [] },
  )
  .filter((customer) => Object.keys(customer).length > 0);

/** A card customer with every member present, none at a limit: the host of a single break. */
export const fullCardCustomer: fc.Arbitrary<CardCustomer> = fc
  .tuple(customerIdOfLength(12), emailAddress, nationalNumber, merchantCustomerIdOfLength(16))
  .map(([id, email_address, national_number, merchant_customer_id]) => ({
    id,
    email_address,
    phone: { phone_number: { national_number } },
    merchant_customer_id,
  }));
