// Request-file texts that would make a careless parser slow (deep nesting, long runs of one token, huge lines): the
// fuzz test checks they parse to true ranges, and `npm run bench parse` times them.

/** The pathological texts, each around 100,000 characters. */
export function pathologicalRequestTexts(): string[] {
  return [
    '['.repeat(100_000),
    'POST a.b/c\n' + '['.repeat(100_000),
    'POST a.b/c\n{' + '"a":['.repeat(50_000),
    'POST a.b/c\n?? body == ' + '['.repeat(50_000),
    '{{'.repeat(50_000),
    'X: ' + '{{a}'.repeat(30_000),
    '?? body' + '[0]'.repeat(30_000) + ' == 1',
    `# @name r\nPOST a.b/c\nX: {{r.response.body${"['".repeat(30_000)}}}`,
    '###\n'.repeat(50_000),
    'POST a.b/c\n{\n' + '/*\n'.repeat(30_000),
    'POST a.b/c\n' + '{"a": "{{x}}", '.repeat(20_000),
    '@a = {{b}}\n'.repeat(20_000),
    '\r'.repeat(100_000),
    'POST a.b/c\n' + ' '.repeat(100_000) + '\n',
    '"'.repeat(100_000),
    'POST a.b/c\n{ "a": "' + '\\'.repeat(100_001),
  ];
}
