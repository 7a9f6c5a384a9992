export * from './model/invoice.js';
