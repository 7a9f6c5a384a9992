/**
 * The address of a company's page (optionally a tab). Its own module, not CompanyTable's: the main
 * layout's upload notice links here, and importing the table module would put antd's Table on every
 * page's first screen (issue 21).
 */
export function firmPath(firmId: number, tab?: string): string {
  return `/company/firm?firmId=${firmId}${tab ? `&tab=${tab}` : ''}`;
}
