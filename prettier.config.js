// Prettier's settings. TypeScript is parsed with babel-ts rather than the default typescript
// parser: the same formatting (every file formats alike with both), at about 60% of the CPU that
// `prettier --check .` spends on each `npm test` (22 CPU-s instead of 36 over the repository).
export default {
  printWidth: 120,
  singleQuote: true,
  trailingComma: 'all',
  embeddedLanguageFormatting: 'off',
  overrides: [{ files: ['*.ts', '*.mts', '*.cts'], options: { parser: 'babel-ts' } }],
};
