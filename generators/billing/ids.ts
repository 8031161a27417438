// Resource ids: plan ids (26 characters, P- then capital letters and digits), product ids
// (22 characters, PROD- then capital letters and digits), subscription ids (prefix I-).
import fc from 'fast-check';
import { textOfLength, upperAlnumChar } from '../text.js';

/** A well-formed plan id: "P-" and 24 capital letters or digits. */
export const planId: fc.Arbitrary<string> = textOfLength(upperAlnumChar, 24).map((s) => 'P-' + s);

/**
 * The plan id numbered `n` (`n` in base 36 after P-, capitals and digits), `length` characters long:
 * 26, a well-formed plan id, by default. Ids no plan carries, the same on every run.
 */
export const numberedPlanId = (n: number, length = 26): string =>
  `P-${n
    .toString(36)
    .toUpperCase()
    .padStart(length - 2, '0')}`;

/** A well-formed product id: "PROD-" and 17 capital letters or digits. */
export const productId: fc.Arbitrary<string> = textOfLength(upperAlnumChar, 17).map((s) => 'PROD-' + s);

/** A subscription id: "I-" and 12 capital letters or digits (the spec fixes only the prefix). */
export const subscriptionId: fc.Arbitrary<string> = textOfLength(upperAlnumChar, 12).map((s) => 'I-' + s);
