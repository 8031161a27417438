// Arbitraries written as plain code that draws from other arbitraries. fc.gen() does this too,
// but it keeps every arbitrary drawn from for replay, which a long-lived arbitrary that draws
// thousands of times cannot afford. Values here are a pure function of fast-check's random
// source (same seed and path, same value); they do not shrink.
import fc from 'fast-check';

/** Draws a value from an arbitrary, from the random source of the value being generated. */
export type Draw = <T>(arb: fc.Arbitrary<T>) => T;

class Imperative<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly run: (draw: Draw) => T,
    /**
     * Whether the draws may outlive generate() (a `draw` handed to a property): then they get their own
     * random source.
     */
    private readonly ownSource = false,
  ) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const source = this.ownSource ? mrng.clone() : mrng;
    const draw: Draw = (arb) => arb.generate(source, biasFactor).value;
    return new fc.Value(this.run(draw), undefined);
  }

  canShrinkWithoutContext(_value: unknown): _value is T {
    return false;
  }

  shrink(): fc.Stream<fc.Value<T>> {
    return fc.Stream.nil();
  }
}

/** The values `run` returns, drawing what it needs with `draw`. */
export function imperative<T>(run: (draw: Draw) => T): fc.Arbitrary<T> {
  return new Imperative(run);
}

/** A `draw` function for use inside a property, bound to the run's random source. */
export const drawing: fc.Arbitrary<Draw> = new Imperative((draw) => draw, true);
