import type { Db } from '../../db/kysely.js';
import { createBuiltinProvider } from './builtin.provider.js';
import type { CompanyDataProvider } from './provider.types.js';

export type ProviderFactory = (db: Db) => CompanyDataProvider;

/**
 * The provider every module uses. The built-in one unless start-up configured another
 * (COMPANY_DATA_PROVIDER); API and worker processes each configure it from the same env.
 */
let factory: ProviderFactory = createBuiltinProvider;
let providers = new WeakMap<Db, CompanyDataProvider>();

export function useCompanyDataProvider(next: ProviderFactory): void {
  factory = next;
  providers = new WeakMap();
}

export function companyDataProvider(db: Db): CompanyDataProvider {
  let provider = providers.get(db);
  if (!provider) {
    provider = factory(db);
    providers.set(db, provider);
  }
  return provider;
}
