import { z } from 'zod';

// Default validation messages in Chinese; the spec's own messages are set on each schema.
z.config(z.locales.zhCN());

export * from './brand.js';
export * from './catalogs/industries.js';
export * from './catalogs/regions.js';
export * from './company-data.js';
export * from './constants.js';
export * from './errors.js';
export * from './financials.js';
export * from './formatters.js';
export * from './levels.js';
export * from './mind-map.js';
export * from './operator.js';
export * from './operator-customers.js';
export * from './operator-money.js';
export * from './permission-catalogue.js';
export * from './permissions.js';
export * from './report-kinds.js';
export * from './schemas/accounts.js';
export * from './schemas/auth.js';
export * from './schemas/bank-billing.js';
export * from './schemas/billing.js';
export * from './schemas/companies.js';
export * from './schemas/data-view.js';
export * from './schemas/disability-levy.js';
export * from './schemas/imports.js';
export * from './schemas/invoice-checks.js';
export * from './schemas/notifications.js';
export * from './schemas/paging.js';
export * from './schemas/partners.js';
export * from './schemas/report-custom.js';
export * from './schemas/reports.js';
export * from './validators.js';
