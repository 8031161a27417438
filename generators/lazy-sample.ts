// fc.sample's values, each drawn only when it is read. fc.sample draws all `numRuns` values at
// once; a reader that stops early (labels.ts stops a stratum as soon as it meets no new label)
// threw the rest away: about 40% of that drawing at the default runs.
import fc from 'fast-check';

/**
 * An arbitrary of deferred draws of `inner`: each draw keeps its own copy of the random generator
 * and the bias fast-check gave it, so calling it later gives the value drawn then would have been.
 */
class Deferred<T> extends fc.Arbitrary<() => T> {
  constructor(private readonly inner: fc.Arbitrary<T>) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<() => T> {
    const own = mrng.clone();
    return new fc.Value(() => this.inner.generate(own, biasFactor).value_, undefined);
  }

  canShrinkWithoutContext(_value: unknown): _value is () => T {
    return false;
  }

  shrink(): fc.Stream<fc.Value<() => T>> {
    return fc.Stream.nil();
  }
}

/** The values of fc.sample(arbitrary, { seed, numRuns }), in order, each drawn as it is read. */
export function* lazySample<T>(arbitrary: fc.Arbitrary<T>, seed: number, numRuns: number): Generator<T> {
  for (const draw of fc.sample(new Deferred(arbitrary), { seed, numRuns })) yield draw();
}
