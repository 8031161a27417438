// TypeScript text as Prettier writes it (the project's prettier.config.js: single quotes, 120
// columns), for the generators that write .ts files: their output passes `prettier --check` as
// written, so formatting the sources never makes a generated file stale.

export const MAX_LINE = 120;

/** A string literal in Prettier's quotes: single, unless the text holds more single quotes than double. */
export function tsString(text: string): string {
  const json = JSON.stringify(text);
  const singles = text.split("'").length - 1;
  const doubles = text.split('"').length - 1;
  if (singles > doubles) return json;
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/** A property name as Prettier writes it: bare when it is an identifier, else quoted. */
export function tsKey(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : tsString(name);
}

/** `text` cut at spaces into pieces of at most `width` characters (a longer word stays whole). */
export function piecesOf(text: string, width: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const word of text.match(/[^ ]+ *| +/g) ?? []) {
    if (current !== '' && current.length + word.length > width) {
      pieces.push(current);
      current = '';
    }
    current += word;
  }
  if (current !== '' || pieces.length === 0) pieces.push(current);
  return pieces;
}

/** A doc comment at `indent`: on one line when it fits in 120 columns, else wrapped at 100. */
export function docComment(text: string, indent: string): string {
  const body = text.replace(/\*\//g, '*\\/');
  const oneLine = `${indent}/** ${body} */`;
  if (oneLine.length <= MAX_LINE) return `${oneLine}\n`;
  const lines: string[] = [];
  let line = '';
  for (const word of body.split(/\s+/).filter(Boolean)) {
    if (line !== '' && indent.length + 3 + line.length + 1 + word.length > 100) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`).join('\n')}\n${indent} */\n`;
}
