import type { FindingCounts, InvoicePart, TaxCategoryGroup, TaxFinding } from '@taxlens/engine/types';
import type { ReportDetail } from '@taxlens/shared';
import { Empty, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { t } from '../../../locales';
import { FindingsSection, PrintFindings } from './FindingsSection';
import type { SectionMode } from './section-mode';

interface CategoryBlockProps {
  /** 1-based, for the heading and the printed finding numbers (2.1, 2.2 …). */
  number: number;
  testKey: string;
  title: string;
  /** Null where the block holds no checks (the invoice part left out): counts of nothing would mislead. */
  counts: FindingCounts | null;
  findings: readonly TaxFinding[];
  note?: ReactNode;
  detail: ReportDetail;
  mode: SectionMode;
}

function CountTags({ counts }: { counts: FindingCounts }) {
  const risks = counts.high + counts.medium + counts.low;
  return (
    <Space size={4} wrap>
      <Tag color={risks > 0 ? 'error' : 'success'} variant="filled">
        {t('taxReport.categories.riskCount', { count: risks })}
      </Tag>
      <Tag variant="outlined">
        {t('taxReport.summary.categoryLevels', { high: counts.high, medium: counts.medium, low: counts.low })}
      </Tag>
      {counts.none > 0 && <Tag variant="outlined">{t('taxReport.categories.none', { count: counts.none })}</Tag>}
      {counts.insufficient > 0 && (
        <Tag variant="outlined">{t('taxReport.categories.insufficient', { count: counts.insufficient })}</Tag>
      )}
    </Space>
  );
}

function CategoryBlock({ number, testKey, title, counts, findings, note, detail, mode }: CategoryBlockProps) {
  const list = {
    findings,
    annotations: detail.annotations,
    reportId: detail.id,
    // Each tax figure names its own source; the stored sets are listed in 数据来源.
    sources: null,
  };
  return (
    <section className="tl-category" data-testid={`category-${testKey}`}>
      <header className="tl-category-head">
        <h3 className="tl-category-title">
          <span className="tl-finding-number">{number}.</span>
          {title}
        </h3>
        {counts && <CountTags counts={counts} />}
      </header>
      {note}
      {findings.length === 0 ? (
        // A note (the invoice part left out) already says why the block is empty.
        !note && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('taxReport.categories.empty')} />
      ) : mode === 'screen' ? (
        <FindingsSection {...list} testId={`findings-${testKey}`} />
      ) : (
        <PrintFindings {...list} numberPrefix={`${number}.`} />
      )}
    </section>
  );
}

interface TaxCategoriesSectionProps {
  categories: readonly TaxCategoryGroup[];
  /** COMPREHENSIVE: the invoice report's findings as a fourth block. */
  invoice?: InvoicePart;
  detail: ReportDetail;
  mode: SectionMode;
}

/** 风险明细: the three tax categories (and the invoice part), each with its counts and findings. */
export function TaxCategoriesSection({ categories, invoice, detail, mode }: TaxCategoriesSectionProps) {
  return (
    <div className="tl-categories" data-testid="categories">
      {categories.map((group, index) => (
        <CategoryBlock
          key={group.key}
          number={index + 1}
          testKey={group.key}
          title={group.name}
          counts={group.counts}
          findings={group.findings}
          detail={detail}
          mode={mode}
        />
      ))}
      {invoice && (
        <CategoryBlock
          number={categories.length + 1}
          testKey="invoice"
          title={t('taxReport.categories.invoiceTitle')}
          counts={invoice.included ? invoice.counts : null}
          findings={invoice.findings}
          note={
            <div className={`tl-notice ${invoice.included ? 'is-info' : 'is-insufficient'}`} data-testid="invoice-note">
              {invoice.note}
            </div>
          }
          detail={detail}
          mode={mode}
        />
      )}
    </div>
  );
}
