import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

// What `npm run generate` writes: whole files, or the text between two markers of a file that
// is otherwise written by hand (a README section), and whether the committed text is stale. Here,
// below both, so that codegen/ and the self-test (which compares its own outputs) share it.

export interface WholeFile {
  /** Path from the repository root. */
  file: string;
  content: string;
}

export interface FileSection {
  file: string;
  /** The section sits between `<!-- NAME:start -->` and `<!-- NAME:end -->` on lines of their own. */
  section: string;
  content: string;
}

export type Output = WholeFile | FileSection;

const markers = (section: string): [string, string] => [`<!-- ${section}:start -->`, `<!-- ${section}:end -->`];

/** The file's text with `output` in place; throws naming the file when a section's markers are missing. */
export function applied(root: string, output: Output): string {
  if (!('section' in output)) return output.content;
  const path = join(root, output.file);
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const [start, end] = markers(output.section);
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from)
    throw new Error(`${output.file} lacks the lines ${start} and ${end} that hold the generated section`);
  const body = output.content.endsWith('\n') ? output.content : `${output.content}\n`;
  return `${text.slice(0, from + start.length)}\n${body}${text.slice(to)}`;
}

/** The outputs whose committed text differs from what the generator derives now. */
export function staleOutputs(root: string, outputs: readonly Output[]): string[] {
  return outputs
    .filter((output) => {
      const path = join(root, output.file);
      const committed = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
      return committed !== applied(root, output);
    })
    .map((output) => ('section' in output ? `${output.file} (section ${output.section})` : output.file));
}

export function writeOutput(root: string, output: Output): void {
  mkdirSync(dirname(join(root, output.file)), { recursive: true });
  writeFileSync(join(root, output.file), applied(root, output));
}
