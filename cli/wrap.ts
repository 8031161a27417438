// Text for a terminal of `width` columns: words wrapped onto the next line, never cut. A word
// longer than the line (a URL, a rule id) stands alone on its line, whole, so that what is
// copied from the output is what the tool meant.

/** `text` wrapped to `width` columns, every line after `indent`. */
export function wrapText(text: string, width: number, indent = ''): string[] {
  const room = Math.max(1, width - indent.length);
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((part) => part !== '')) {
    if (line !== '' && line.length + 1 + word.length > room) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines.map((text) => `${indent}${text}`.trimEnd());
}

/** The width to wrap to: --width when given, else the terminal's, else (a pipe, a file) 100. */
export function outputWidth(
  given: number | undefined,
  stream: { isTTY?: boolean; columns?: number } = process.stdout,
): number {
  if (given !== undefined) return given;
  return stream.isTTY && stream.columns ? stream.columns : 100;
}
