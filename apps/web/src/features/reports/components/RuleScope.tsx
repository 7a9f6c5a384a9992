import { Space, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { t } from '../../../locales';
import { useRuleCatalogue } from '../queries';

/** What the invoice report checks, by category, from the server's rule catalogue. */
export function RuleScope({ reportType }: { reportType: string }) {
  const { data } = useRuleCatalogue();
  const categories = useMemo(() => {
    const groups = new Map<string, string[]>();
    for (const rule of data ?? []) {
      if (!rule.reportTypes.includes(reportType)) continue;
      groups.set(rule.category, [...(groups.get(rule.category) ?? []), rule.title]);
    }
    return [...groups.entries()];
  }, [data, reportType]);
  if (categories.length === 0) return null;
  const total = categories.reduce((sum, [, titles]) => sum + titles.length, 0);
  return (
    <div className="tl-rule-scope" data-testid="rule-scope">
      <Typography.Text type="secondary">{t('reports.ticket.scope', { count: total })}</Typography.Text>
      <Space size={[6, 8]} wrap className="tl-rule-scope-tags">
        {categories.map(([category, titles]) => (
          <Tooltip key={category} title={titles.join('、')}>
            <Tag color="blue" variant="outlined">
              {category} {titles.length}
            </Tag>
          </Tooltip>
        ))}
      </Space>
    </div>
  );
}
