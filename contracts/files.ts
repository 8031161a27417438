import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir` (its subfolders too) whose name ends with `suffix`, sorted. */
export function filesUnder(dir: string, suffix: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full, suffix));
    else if (entry.name.endsWith(suffix)) out.push(full);
  }
  return out.sort();
}
