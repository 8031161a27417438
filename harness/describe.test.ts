import { describe, expect, it } from 'vitest';
import { howAnswered } from './describe.js';

// "refused" is said of a 4xx only: an answer that took the request is "taken".

describe('howAnswered', () => {
  it('says refused of a 4xx, taken of a 2xx, and the status of anything else', () => {
    expect(howAnswered({ status: 400 })).toBe('refused with 400');
    expect(howAnswered({ status: 499 })).toBe('refused with 499');
    expect(howAnswered({ status: 204 })).toBe('taken with 204');
    expect(howAnswered({ status: 201 })).toBe('taken with 201');
    expect(howAnswered({ status: 302 })).toBe('answered 302');
    expect(howAnswered({ status: 500 })).toBe('answered 500');
    expect(howAnswered({ status: 100 })).toBe('answered 100');
  });
});
