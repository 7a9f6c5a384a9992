import { accounts } from './accounts';
import { auth } from './auth';
import { billing } from './billing';
import { chat } from './chat';
import { common } from './common';
import { companies } from './companies';
import { companyData } from './company-data';
import { content } from './content';
import { dataClient } from './data-client';
import { dataMap } from './data-map';
import { dataView } from './data-view';
import { errors } from './errors';
import { home } from './home';
import { layout } from './layout';
import { mindMap } from './mind-map';
import { operator } from './operator';
import { policy } from './policy';
import { promotions } from './promotions';
import { reports } from './reports';
import { routes } from './routes';
import { shop } from './shop';
import { staff } from './staff';
import { taxReport } from './tax-report';
import { toker } from './toker';
import { verification } from './verification';

export const enUS = {
  common,
  routes,
  layout,
  auth,
  home,
  errors,
  accounts,
  companies,
  billing,
  reports,
  taxReport,
  companyData,
  staff,
  verification,
  operator,
  policy,
  content,
  promotions,
  mindMap,
  toker,
  dataView,
  chat,
  dataMap,
  dataClient,
  shop,
};
