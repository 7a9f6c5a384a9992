import { t } from '../../../locales';

/** A before/after value of the audit log, as indented JSON. */
export function JsonView({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <div className="op-json">{t('operator.audit.empty')}</div>;
  return <pre className="op-json">{JSON.stringify(value, null, 2)}</pre>;
}
