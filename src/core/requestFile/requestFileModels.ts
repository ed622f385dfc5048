// The models a request file's calls name (placeholders left out): what the project scan of `json2 types
// --from-project` and the editor's "Models this project uses" read of a .json2 file.
import { MODEL_NAME_PATTERN } from './modelName';
import { parseRequestFile } from './parseRequestFile';

/** The models the calls of a request file's text name, in file order, each once. */
export function requestFileModels(text: string): string[] {
  const found = new Set<string>();
  for (const request of parseRequestFile(text).requests) {
    const model = request.requestLine.kind === 'call' ? request.requestLine.model?.text : undefined;
    if (model !== undefined && MODEL_NAME_PATTERN.test(model)) found.add(model);
  }
  return [...found];
}
