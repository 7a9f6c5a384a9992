/**
 * The data-view navigation, by route name, in order. An entry shows only when the route exists
 * and the user may open it (the same check as the main menu). Part B's pages add their names here.
 */
export const DATA_VIEW_NAV: readonly string[] = [
  'DataViewIndustry',
  'DataViewMonitor',
  'DataViewMonitorHistory',
  'DataViewUser',
  'DataViewCompanySearch',
  'DataViewMapSearch',
  'DataViewBusinessOpportunity',
  'DataViewAbnormal',
  'DataViewPolicy',
  'DataViewProduct',
];
