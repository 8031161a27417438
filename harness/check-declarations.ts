import { importCheckModule, type CheckModule } from './check-modules.js';

// The checks of the suites as declared, listed without running any: while a listing is open,
// `check` records each check's name, declared rules and needs instead of registering a test.
// The listing sits on globalThis: a check module loaded from dist/ has its own copy of this
// module when the listing is opened from source (a vitest test).

export interface CheckDeclaration {
  /** The check module, e.g. "billing/properties/shapes". */
  module: string;
  name: string;
  rules: readonly string[];
  needs: readonly string[];
}

type Recorder = (declaration: Omit<CheckDeclaration, 'module'>) => void;

const LISTING = Symbol.for('api-conformance.check-listing');
const slot = globalThis as { [LISTING]?: Recorder };

/** Where `check` records a declaration while a listing is open; undefined otherwise. */
export function openListing(): Recorder | undefined {
  return slot[LISTING];
}

/** Every check the modules declare, module by module, in declaration order. */
export async function listChecks(modules: readonly CheckModule[]): Promise<CheckDeclaration[]> {
  if (slot[LISTING]) throw new Error('a listing of the checks is already open');
  const out: CheckDeclaration[] = [];
  try {
    for (const module of modules) {
      slot[LISTING] = (declaration) => out.push({ module: module.name, ...declaration });
      await importCheckModule(module.url, `listing-${Date.now()}`);
    }
  } finally {
    delete slot[LISTING];
  }
  return out;
}
