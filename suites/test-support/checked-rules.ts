import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { SCHEMA_IDS } from '../../contracts/schema-ids.js';
import { schemasById, type Json } from '../../contracts/schema-files.js';

// What the checks reach, read statically from the source, for the catalog test's definition of
// "checked" (suites/catalog-consistency.test.ts).
//
// Reachability is by declaration, not by file: the walk starts at every statement of every
// suites/**/*.check.ts and follows each identifier to the declaration it names (through
// imports and re-exports), then walks that declaration. So a generator, helper or model command
// counts only when a check (transitively) uses it, and a member of a constant table
// (`RULE.planNameLength`, `SCHEMA_IDS.plan`) counts without the rest of the table.
// Found along the way, in code under suites/ and generators/:
// - rule ids written as string literals, and template literals that build rule ids
//   (`billing.update-plan.replace.${member}`: every catalog id the template can produce);
// - the contracts the checks validate values against: the SCHEMA_IDS members they name.

export interface ReachedByChecks {
  /** Rule id (or template, as a pattern) -> the files of check code that name it. */
  literals: Map<string, Set<string>>;
  /** Patterns of the rule-id templates, with the files that hold them. */
  templates: Array<{ pattern: RegExp; source: string; files: Set<string> }>;
  /** `$id`s of the contracts a check validates a value against. */
  validatedContracts: Set<string>;
}

const RULE_ID_START = /^(billing|assignees)\./;
/** A template head precise enough to expand: `<api>.<subject>.` at least. */
const TEMPLATE_HEAD = /^(billing|assignees)\.[a-z0-9_]+(?:[.-][a-z0-9_@=]+)*[.-]$/;
const TEMPLATE_HOLE = '[a-z0-9_@=.-]+';

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'test-support') sourceFiles(full, out);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) {
      out.push(full);
    }
  }
  return out;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function unwrap(expression: ts.Expression): ts.Expression {
  let e = expression;
  while (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e) || ts.isTypeAssertionExpression(e)) e = e.expression;
  return e;
}

export function reachedByChecks(root: string): ReachedByChecks {
  const files = ['suites', 'generators', 'harness', 'contracts'].flatMap((dir) => sourceFiles(join(root, dir)));
  // Only the project's own files: symbols of vitest, fast-check or faker stay unresolved, which
  // is what we want (their code holds no rule ids) and keeps the program quick to bind.
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noResolve: true,
    noLib: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const schemaIdsFile = join(root, 'contracts', 'schema-ids.ts');
  const inCheckCode = (file: string) => {
    const rel = relative(root, file).split(sep);
    return rel[0] === 'suites' || rel[0] === 'generators';
  };
  const isProjectFile = (file: string) => file.startsWith(root + sep) && !file.includes(`${sep}node_modules${sep}`);

  const out: ReachedByChecks = { literals: new Map(), templates: [], validatedContracts: new Set() };
  const visited = new Set<ts.Node>();
  const queue: ts.Node[] = program.getSourceFiles().filter((f) => f.fileName.endsWith('.check.ts') && isProjectFile(f.fileName));

  const symbolOf = (node: ts.Node): ts.Symbol | undefined => {
    const symbol = checker.getSymbolAtLocation(node);
    return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  };
  const enqueue = (symbol: ts.Symbol | undefined): void => {
    for (const declaration of symbol?.declarations ?? []) {
      if (!visited.has(declaration) && isProjectFile(declaration.getSourceFile().fileName)) queue.push(declaration);
    }
  };
  /** A `const NAME = { ... }` table: a member access reaches that member only. */
  const isTable = (symbol: ts.Symbol | undefined): boolean => {
    const d = symbol?.valueDeclaration;
    return !!d && ts.isVariableDeclaration(d) && !!d.initializer && ts.isObjectLiteralExpression(unwrap(d.initializer));
  };
  const note = (key: string, file: string): void => {
    const rel = relative(root, file);
    const set = out.literals.get(key) ?? new Set<string>();
    set.add(rel);
    out.literals.set(key, set);
  };

  const visit = (node: ts.Node): void => {
    if (visited.has(node)) return;
    visited.add(node);
    // Imports only name things (a use is followed where it happens); types never run.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
    const file = node.getSourceFile().fileName;
    if (inCheckCode(file)) {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        if (RULE_ID_START.test(node.text)) note(node.text, file);
      } else if (ts.isTemplateExpression(node) && TEMPLATE_HEAD.test(node.head.text)) {
        const source = [node.head.text, ...node.templateSpans.map((s) => `\${…}${s.literal.text}`)].join('');
        const pattern = new RegExp(`^${escapeRegExp(node.head.text)}${node.templateSpans.map((s) => TEMPLATE_HOLE + escapeRegExp(s.literal.text)).join('')}$`);
        const existing = out.templates.find((t) => t.source === source);
        if (existing) existing.files.add(relative(root, file));
        else out.templates.push({ pattern, source, files: new Set([relative(root, file)]) });
      }
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const table = symbolOf(node.expression);
      if (isTable(table)) {
        const member = symbolOf(node.name);
        if (inCheckCode(file) && table!.valueDeclaration!.getSourceFile().fileName === schemaIdsFile && table!.name === 'SCHEMA_IDS') {
          const id = (SCHEMA_IDS as Record<string, string>)[node.name.text];
          if (id) out.validatedContracts.add(id);
        }
        enqueue(member);
        visited.add(node.expression);
        visited.add(node.name);
        return;
      }
    }
    if (ts.isIdentifier(node)) enqueue(symbolOf(node));
    ts.forEachChild(node, visit);
  };

  while (queue.length > 0) visit(queue.pop()!);
  return out;
}

/** The catalog ids a check names: literally, or through a template that can produce them. */
export function namedRules(reached: ReachedByChecks, catalogIds: readonly string[]): Map<string, string[]> {
  const named = new Map<string, string[]>();
  for (const id of catalogIds) {
    const files = new Set(reached.literals.get(id) ?? []);
    for (const template of reached.templates) if (template.pattern.test(id)) for (const f of template.files) files.add(f);
    if (files.size > 0) named.set(id, [...files].sort());
  }
  return named;
}

/**
 * The rules the contracts apply (their `x-rules`), starting from `roots` and following `$ref`
 * into the contracts they use: rule id -> the contracts that carry it. The walk takes the
 * branches harness/contract-check.ts takes when it counts a rule as verified (members, items,
 * allOf/anyOf/oneOf, then/else), but every branch, whatever the value.
 */
export function rulesOfContracts(root: string, roots: Iterable<string>): Map<string, string[]> {
  const schemas = schemasById(root);
  const out = new Map<string, Set<string>>();
  const seen = new Set<string>();
  const pending = [...roots];
  const walk = (node: Json | undefined, documentId: string): void => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
    const rules = node['x-rules'];
    if (rules && typeof rules === 'object' && !Array.isArray(rules)) {
      for (const rule of Object.values(rules)) {
        if (typeof rule !== 'string') continue;
        const set = out.get(rule) ?? new Set<string>();
        set.add(documentId);
        out.set(rule, set);
      }
    }
    if (typeof node.$ref === 'string') pending.push(new URL(node.$ref, documentId).href.replace(/#.*$/, ''));
    for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const) {
      const list = node[key];
      if (Array.isArray(list)) for (const branch of list) walk(branch, documentId);
    }
    for (const key of ['then', 'else', 'items', 'additionalProperties'] as const) walk(node[key], documentId);
    const properties = node.properties;
    if (properties && typeof properties === 'object' && !Array.isArray(properties)) for (const member of Object.values(properties)) walk(member, documentId);
  };
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    walk(schemas.get(id), id);
  }
  return new Map([...out].map(([rule, ids]) => [rule, [...ids].sort()]));
}
