// Card numbers (billing.md, card (request): "number 13..19 digits"). Every number drawn here,
// valid or too short or too long, ends with its Luhn check digit: the spec states only the
// digits, but a payment server commonly checks that digit too, and a number it refuses for the
// check digit would give a refusal a second cause (or a valid card a reason to be refused).
import fc from 'fast-check';
import { digitChar, lengthBetween, textOfLength } from '../text.js';

export const CARD_NUMBER_MIN = 13;
export const CARD_NUMBER_MAX = 19;

/** The Luhn check digit that completes `payload` (the digits before it). */
export function luhnCheckDigit(payload: string): string {
  let sum = 0;
  for (let i = 0; i < payload.length; i += 1) {
    // counted from the right of the completed number, the check digit is position 0: double the odd ones
    let digit = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

export function passesLuhn(number: string): boolean {
  return /^\d{2,}$/.test(number) && luhnCheckDigit(number.slice(0, -1)) === number.slice(-1);
}

/** A number of exactly `n` digits (n >= 2), starting with 4, ending with its check digit. */
export function cardNumberOfLength(n: number): fc.Arbitrary<string> {
  if (n < 2) throw new Error('a card number with a check digit has at least 2 digits');
  return textOfLength(digitChar, n - 2).map((middle) => {
    const payload = `4${middle}`;
    return payload + luhnCheckDigit(payload);
  });
}

/** Card numbers of 13..19 digits, landing on both bounds often. */
export const cardNumber: fc.Arbitrary<string> = lengthBetween(CARD_NUMBER_MIN, CARD_NUMBER_MAX).chain(
  cardNumberOfLength,
);
