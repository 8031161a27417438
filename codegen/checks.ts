import { listChecks, type CheckDeclaration } from '../harness/check-declarations.js';
import { checkModules } from '../harness/check-modules.js';
import type { Generator } from './outputs.js';

// docs/conformance-checks.md, the golden list of what is certified (like Kubernetes'
// conformance.yaml): every check of the suites with the rules it declares and what the target
// must offer for it to run, read from the built check modules without running one. Adding,
// removing or renaming a check, or changing its rules, changes this file: it shows in review.

const HEADER = [
  '<!-- Written by `npm run generate checks` from the check modules (suites/**/*.check.ts, as built in dist/).',
  '     Do not edit by hand. -->',
];

const code = (items: readonly string[]) => items.map((item) => `\`${item}\``).join(', ');

export function renderChecks(declarations: readonly CheckDeclaration[]): string {
  const modules = [...new Set(declarations.map((declaration) => declaration.module))];
  const rules = new Set(declarations.flatMap((declaration) => declaration.rules));
  const lines = [
    ...HEADER,
    '',
    '# The conformance checks',
    '',
    'Every check of the suites, module by module, with the rules it declares (a check may credit more on',
    'the way: the contracts it validates against, `ctx.credit`) and what the target profile must offer for it',
    'to run. `api-conformance rules show <id>` goes the other way, from a rule to its checks.',
    '',
    `${declarations.length} checks in ${modules.length} modules declare ${rules.size} rules.`,
  ];
  for (const module of modules) {
    lines.push('', `## ${module}`, '');
    for (const declaration of declarations.filter((candidate) => candidate.module === module)) {
      const needs = declaration.needs.length > 0 ? ` (needs ${declaration.needs.join(', ')})` : '';
      lines.push(`- ${declaration.name}${needs}: ${code(declaration.rules)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export const checks: Generator = {
  name: 'checks',
  describe: 'the golden list of checks and the rules each declares, docs/conformance-checks.md',
  outputs: async () => {
    const declarations = await listChecks(checkModules(['billing', 'assignees']));
    return [{ file: 'docs/conformance-checks.md', content: renderChecks(declarations) }];
  },
};
