// The companies a call works in: the context's `allowed_company_ids` (the first is the current company), checked
// against the user's own companies as the reference server does; without the key, the user's default and allowed ones.
import { accessError } from '../../errors/serviceErrors';
import type { CurrentUser } from './currentUser';

/**
 * The user as record rules and defaults see them for this call: `company_id` is the first activated company and
 * `company_ids` the activated ones. An id the user may not use is refused before anything runs.
 */
export function withActivatedCompanies(user: CurrentUser, context: Readonly<Record<string, unknown>>): CurrentUser {
  const asked = context.allowed_company_ids;
  if (!Array.isArray(asked) || asked.length === 0) return user;
  const allowed = new Set(user.companyIds);
  if (!asked.every((id): id is number => Number.isInteger(id) && allowed.has(id as number))) {
    throw accessError('Access to unauthorized or invalid companies.');
  }
  return { ...user, companyId: asked[0], companyIds: [...new Set(asked)] };
}
