import { auth } from './auth';
import { common } from './common';
import { errors } from './errors';
import { home } from './home';
import { layout } from './layout';
import { routes } from './routes';

export const zhCN = { common, routes, layout, auth, home, errors };
