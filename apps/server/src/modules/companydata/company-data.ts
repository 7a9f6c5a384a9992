import type { Config } from '../../config.js';
import type { Db } from '../../db/kysely.js';
import { createBuiltinProvider } from './builtin.provider.js';
import type { CompanyDataProvider } from './provider.types.js';
import { createTycProvider } from './tianyancha/tyc.provider.js';

/**
 * The provider every module uses, one per database handle: the built-in one unless start-up
 * configured the commercial one (COMPANY_DATA_PROVIDER) for that handle. API and worker processes
 * each configure it from the same env; in tests the app and its workers share the handle.
 */
const providers = new WeakMap<Db, CompanyDataProvider>();

export function configureCompanyData(db: Db, config: Config): CompanyDataProvider {
  const provider =
    config.COMPANY_DATA_PROVIDER === 'tianyancha'
      ? createTycProvider(db, {
          url: config.TIANYANCHA_URL,
          token: config.TIANYANCHA_TOKEN ?? '',
          prices: config.TIANYANCHA_PRICES,
          defaultPriceFen: config.TIANYANCHA_PRICE_FEN,
          cacheHours: config.TIANYANCHA_CACHE_HOURS,
        })
      : createBuiltinProvider(db);
  providers.set(db, provider);
  return provider;
}

export function companyDataProvider(db: Db): CompanyDataProvider {
  let provider = providers.get(db);
  if (!provider) {
    provider = createBuiltinProvider(db);
    providers.set(db, provider);
  }
  return provider;
}
