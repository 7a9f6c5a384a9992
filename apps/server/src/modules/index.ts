import type { AppInstance } from '../app.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { profileRoutes } from './accounts/profile.routes.js';
import { teamsRoutes } from './accounts/teams.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { companiesRoutes } from './companies/companies.routes.js';
import { systemRoutes } from './system/system.routes.js';

/** Every module's routes, registered in this order. A new domain adds one line here. */
export const MODULES: ((app: AppInstance) => Promise<void>)[] = [
  systemRoutes,
  authRoutes,
  profileRoutes,
  accountsRoutes,
  teamsRoutes,
  companiesRoutes,
];
