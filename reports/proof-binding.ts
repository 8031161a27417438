import type { FaultProof, ProofSide } from '../contracts/proofs.js';
import type { CheckReport, RuleProof } from './model.js';

export type { FaultProof, ProofSide };

// A pass is counted proven only when a check that credited it in this run is one the self-test
// saw failing the rule on a fault, judging the same side of it: a rule checked on requests (a
// refusal) and on answers (their shape) is proven on the side its fault broke. A rule credited
// here only on answers, whose fault was caught on a request, is reported as such, not proven.

export interface BoundProof {
  proof: RuleProof;
  /** Why a pass is not proven, or which side of the rule was judged; absent when nothing needs saying. */
  note?: string;
  /** The crediting check the proof names: listed first among the rule's passes. */
  check?: string;
}

const judgedAlike = (proofSide: ProofSide | undefined, passSide: CheckReport['side']): boolean =>
  proofSide === undefined || passSide === undefined || passSide === 'both' || proofSide === passSide;

const quoted = (names: readonly string[]): string =>
  names
    .slice(0, 3)
    .map((name) => `"${name}"`)
    .join(', ') + (names.length > 3 ? ` and ${names.length - 3} more` : '');

/** The proof of a rule passed by `passes` (every check that credited it in this run), from the self-test's `proofs`. */
export function bindProof(passes: readonly CheckReport[], proofs: readonly FaultProof[]): BoundProof {
  for (const pass of passes) {
    for (const proof of proofs) {
      const seen = proof.checks.find((check) => check.name === pass.name && judgedAlike(check.side, pass.side));
      if (seen) return { proof: { fault: proof.fault, check: pass.name }, check: pass.name };
    }
  }
  if (proofs.length === 0) return { proof: null, note: 'no reference fault proves it' };
  const sides = new Set(passes.map((pass) => pass.side));
  const provenOn = new Set(proofs.flatMap((proof) => proof.checks.map((check) => check.side)));
  if (sides.size === 1 && sides.has('response') && provenOn.has('request') && !provenOn.has('response')) {
    return {
      proof: null,
      note:
        `response side only: it passed on the shape of answers, and no check sent a request that ` +
        `breaks it and was seen failing it (fault ${proofs[0].fault})`,
    };
  }
  if (sides.size === 1 && sides.has('request') && provenOn.has('response') && !provenOn.has('request')) {
    return {
      proof: null,
      note:
        `request side only: it passed on refusals, and no check judged an answer it was seen ` +
        `failing it on (fault ${proofs[0].fault})`,
    };
  }
  const provers = [...new Set(proofs.flatMap((proof) => proof.checks.map((check) => check.name)))];
  return {
    proof: null,
    note:
      `not proven by this run: it was credited by ${quoted(passes.map((pass) => pass.name))}; ` +
      `the self-test saw it failed by ${quoted(provers)} (fault ${proofs[0].fault}), which did ` +
      `not credit it here`,
  };
}
