// Whether a source file parses without errors (with the assistant's own parsers), so that `fix` never rewrites a
// file it cannot read completely.
import { parse as parseJavaScript } from '@babel/parser';
import { pythonTree } from './pythonTree';
import { Engine } from 'php-parser';
import { languageOfFile } from './legacyFunctions';
import { positionsOf } from './legacyCall';

const php = new Engine({ parser: { extractDoc: false, suppressErrors: true, php8: true }, ast: { withPositions: true } });

/** The first syntax error of a file (`line N: ...`), or undefined when it parses. */
export function syntaxProblem(text: string, fileName: string): string | undefined {
  const language = languageOfFile(fileName);
  const at = positionsOf(text);
  if (language === 'python') {
    let error: number | undefined;
    pythonTree(text).iterate({
      enter: (node) => {
        if (node.type.isError && error === undefined) error = node.from;
      },
    });
    return error === undefined ? undefined : `line ${at(error).line}: Python syntax error`;
  }
  if (language === 'javascript') {
    const plugins: ('typescript' | 'jsx')[] = /\.(ts|mts|cts)$/i.test(fileName)
      ? ['typescript']
      : /\.tsx$/i.test(fileName)
        ? ['typescript', 'jsx']
        : ['jsx'];
    try {
      const ast = parseJavaScript(text, {
        sourceType: 'unambiguous',
        errorRecovery: true,
        plugins,
        allowReturnOutsideFunction: true,
        allowAwaitOutsideFunction: true,
      });
      const first = ast.errors?.[0] as { reasonCode?: string; message?: string; loc?: { line: number } } | undefined;
      return first ? `${first.message ?? first.reasonCode}` : undefined;
    } catch (error) {
      return (error as Error).message;
    }
  }
  if (language === 'php') {
    const program = php.parseCode(text, fileName) as unknown as { errors?: { message: string; line?: number }[] };
    const first = program.errors?.[0];
    return first ? first.message : undefined;
  }
  return undefined;
}
