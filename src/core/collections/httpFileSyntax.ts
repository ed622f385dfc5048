// The few placeholders REST Client/httpYac spell differently from `.json2`: a response's JSON path (`body.$.x`) and
// the random id (`$guid`). Import turns theirs into ours, export ours into theirs.

/** `.http` placeholders as `.json2` writes them. */
export function fromHttpPlaceholders(text: string): string {
  return text
    .replace(/\{\{(\s*)\$guid(\s*)\}\}/g, '{{$1$uuid$2}}')
    .replace(/(\{\{\s*[A-Za-z_][\w-]*\.response\.body)\.\$(?=[.[\s}])/g, '$1');
}

/** `.json2` placeholders as REST Client writes them (httpYac reads both). */
export function toHttpPlaceholders(text: string): string {
  return text.replace(/\{\{(\s*)\$uuid(\s*)\}\}/g, '{{$1$guid$2}}').replace(/(\{\{\s*[A-Za-z_][\w-]*\.response\.body)(?=[.[])/g, '$1.$');
}
