// The methods every model with a table has.
import { check_access, has_access } from './accessMethods';
import { action_archive, action_unarchive } from './archiveMethods';
import { fields_get } from './fieldsGet';
import { formatted_read_group, read_group } from './groupMethods';
import type { MethodDefinition } from '../orm/methodDefinition';
import { copy, create, default_get, name_create, read, unlink, write } from './recordMethods';
import { exists, get_metadata } from './recordMetadata';
import { name_search, search, search_count, search_fetch, search_read } from './searchMethods';
import { web_read, web_save, web_search_read } from './webMethods';
import { web_read_group } from './webReadGroup';

export const GENERIC_METHODS: readonly MethodDefinition[] = [
  search,
  search_count,
  search_read,
  search_fetch,
  name_search,
  read,
  create,
  write,
  unlink,
  copy,
  name_create,
  default_get,
  fields_get,
  check_access,
  has_access,
  action_archive,
  action_unarchive,
  read_group,
  formatted_read_group,
  web_read,
  web_search_read,
  web_save,
  web_read_group,
  exists,
  get_metadata,
];
