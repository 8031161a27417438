// Human-looking text for members whose contract is free text about people and places: names,
// e-mail addresses, postal addresses, company names, prose. The schema-driven generator draws
// from here most of the time, and from plain Unicode text of every allowed length the rest of
// the time, so both the realistic value and the boundary are exercised.
import type fc from 'fast-check';
import { companyName, emailAddress, fakerArbitrary, fullName, login, sentence } from '../faker.js';

/** Text by member name. A value that does not fit the member's own limits is not used. */
export const HUMAN_TEXT: Readonly<Record<string, fc.Arbitrary<string>>> = {
  name: fullName,
  full_name: fullName,
  given_name: fakerArbitrary((f) => f.person.firstName()),
  surname: fakerArbitrary((f) => f.person.lastName()),
  email_address: emailAddress,
  payer_email: emailAddress,
  address_line_1: fakerArbitrary((f) => f.location.streetAddress()),
  address_line_2: fakerArbitrary((f) => f.location.secondaryAddress()),
  admin_area_2: fakerArbitrary((f) => f.location.city()),
  admin_area_1: fakerArbitrary((f) => f.location.state({ abbreviated: true })),
  postal_code: fakerArbitrary((f) => f.location.zipCode()),
  national_number: fakerArbitrary((f) => f.string.numeric({ length: { min: 7, max: 14 } })),
  brand_name: companyName,
  issuing_bank: fakerArbitrary((f) => `${f.company.name()} Bank`),
  description: sentence,
  reason: sentence,
  note: sentence,
  status_change_note: sentence,
  title: sentence,
  body: fakerArbitrary((f) => f.lorem.paragraph()),
  login,
};
