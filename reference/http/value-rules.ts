// The bounds a string or a number of a request is held to: the validator checks them, and a
// fault point may move them (faults/points.ts).

export interface StringRule {
  min?: number;
  max?: number;
  pattern?: RegExp;
  /** How the pattern reads in an error message. */
  patternText?: string;
  values?: readonly string[];
}

export interface NumberRule {
  min?: number;
  max?: number;
}
