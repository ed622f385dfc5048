// Who is calling: the user behind the API key (or the web session), with the groups that decide their rights.

export interface CurrentUser {
  id: number;
  login: string;
  name: string;
  companyId: number;
  /** The companies the user may work in (`company_ids`; record rules read them). */
  companyIds: readonly number[];
  partnerId: number | null;
  lang: string;
  tz: string | null;
  /** Group external ids, for example `base.group_system`. */
  groups: ReadonlySet<string>;
  /** Ids of the same groups (ir.model.access and ir.rule rows name groups by id). */
  groupIds: ReadonlySet<number>;
}

/** The internal superuser (record 1 of res.users): owns the demo data, never logs in. */
export const SUPERUSER_ID = 1;

export const GROUP_SYSTEM = 'base.group_system';
export const GROUP_ERP_MANAGER = 'base.group_erp_manager';
export const GROUP_USER = 'base.group_user';
export const GROUP_API_CONTACTS = 'sandbox.group_api_contacts';
/** Sales: own documents, all documents, administrator (the reference's sales_team groups). */
export const GROUP_SALE_SALESMAN = 'sales_team.group_sale_salesman';
export const GROUP_SALE_SALESMAN_ALL = 'sales_team.group_sale_salesman_all_leads';
export const GROUP_SALE_MANAGER = 'sales_team.group_sale_manager';
/** Accounting administrators: they configure taxes. */
export const GROUP_ACCOUNT_MANAGER = 'account.group_account_manager';
/** Reads the schema documents (`/doc-bearer`); settings administrators have it. */
export const GROUP_TECHNICAL_DOC = 'api_doc.group_allow_doc';

/** True for a settings administrator. */
export function isSystemUser(user: CurrentUser): boolean {
  return user.id === SUPERUSER_ID || user.groups.has(GROUP_SYSTEM);
}
