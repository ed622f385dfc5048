// The Python annotations a 19.0 server's schema documents give the ORM methods' parameters and results, as recorded
// from a real server (test/fixtures/real-server, res.partner's document): type generators and hovers read them.

/** Parameter annotations by method, then parameter. */
export const PARAMETER_ANNOTATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  search: { domain: 'DomainType', offset: 'int', limit: 'int | None', order: 'str | None' },
  search_count: { domain: 'DomainType', limit: 'int | None' },
  read: { fields: 'Sequence[str] | None', load: 'str' },
  search_read: { domain: 'DomainType | None', fields: 'Sequence[str] | None', offset: 'int', limit: 'int | None', order: 'str | None' },
  fields_get: { allfields: 'Collection[str] | None', attributes: 'Collection[str] | None' },
  create: { vals_list: 'list[ValuesType]' },
  write: { vals: 'ValuesType' },
  name_search: { name: 'str', domain: 'DomainType | None', operator: 'str', limit: 'int' },
  name_create: { name: 'str' },
  default_get: { fields: 'Sequence[str]' },
  copy: { default: 'ValuesType | None' },
  has_access: { operation: 'str' },
  formatted_read_group: {
    domain: 'DomainType',
    groupby: 'Sequence[str]',
    aggregates: 'Sequence[str]',
    having: 'DomainType',
    offset: 'int',
    limit: 'int | None',
    order: 'str | None',
  },
  web_read: { specification: 'dict[str, dict]' },
  web_save: { specification: 'dict[str, dict]' },
};

/** Result annotations by method, and what the result is. */
export const RESULT_ANNOTATIONS: Readonly<Record<string, { readonly annotation: string; readonly doc?: string }>> = {
  search: { annotation: 'list[int]', doc: 'the ids of the matching records' },
  search_count: { annotation: 'int', doc: 'the number of matching records' },
  read: { annotation: 'list[ValuesType]', doc: 'one object per record, id first' },
  search_read: { annotation: 'list[ValuesType]', doc: 'one object per matching record' },
  fields_get: { annotation: 'dict[str, ValuesType]', doc: '{field: {attribute: value}}' },
  create: { annotation: 'list[int]', doc: 'the ids of the new records' },
  write: { annotation: 'typing.Literal[True]' },
  unlink: { annotation: 'typing.Literal[True]' },
  name_search: { annotation: 'list[tuple[int, str]]', doc: '[id, display_name] pairs' },
  name_create: { annotation: 'tuple[int, str] | typing.Literal[False]', doc: '[id, display_name] of the new record' },
  default_get: { annotation: 'ValuesType', doc: '{field: default}' },
  copy: { annotation: 'list[int]', doc: 'the ids of the copies' },
  has_access: { annotation: 'bool' },
  formatted_read_group: { annotation: 'list[dict]' },
  web_read: { annotation: 'list[dict]' },
  web_save: { annotation: 'list[dict]' },
  get_metadata: { annotation: 'list[ValuesType]' },
};
