import type { GoodsRow, InvoiceReport, RateSpread } from '@taxlens/engine/types';
import { formatFen } from '@taxlens/shared';
import { t } from '../../../locales';
import { type SimpleColumn, SimpleTable } from '../components/SimpleTable';
import { pctText } from '../lib/report-sections';

const GOODS_COLUMNS: readonly SimpleColumn<GoodsRow>[] = [
  {
    key: 'taxCode',
    title: t('reports.goods.taxCode'),
    render: (row) => <span className="tl-mono">{row.taxCode ?? '-'}</span>,
  },
  { key: 'category', title: t('reports.goods.category'), render: (row) => row.category ?? '-' },
  { key: 'name', title: t('reports.goods.name'), render: (row) => row.name },
  { key: 'amount', title: t('reports.goods.amount'), align: 'right', render: (row) => formatFen(row.amountFen) },
  { key: 'lines', title: t('reports.goods.lines'), align: 'right', render: (row) => row.lineCount },
  { key: 'share', title: t('reports.goods.share'), align: 'right', render: (row) => pctText(row.sharePct) },
];

const SPREAD_COLUMNS: readonly SimpleColumn<RateSpread>[] = [
  { key: 'category', title: t('reports.goods.category'), render: (row) => row.category ?? row.key },
  {
    key: 'taxCode',
    title: t('reports.goods.taxCode'),
    render: (row) => <span className="tl-mono">{row.taxCode ?? '-'}</span>,
  },
  {
    key: 'rates',
    title: t('reports.goods.rates'),
    render: (row) =>
      row.rates.map((rate) => (
        <div key={rate.rate}>
          {t('reports.goods.rateItem', { rate: rate.rate, amount: formatFen(rate.amountFen), lines: rate.lineCount })}
        </div>
      )),
  },
];

function CategoryList({ title, items }: { title: string; items: { category: string; amountFen: number }[] }) {
  return (
    <div className="tl-block">
      <div className="tl-block-title">{title}</div>
      {items.length === 0 ? (
        <div className="tl-muted">{t('reports.goods.none')}</div>
      ) : (
        <ul className="tl-inline-list">
          {items.map((item) => (
            <li key={item.category}>
              {item.category}（{formatFen(item.amountFen)} {t('reports.common.yuan')}）
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** 商品: top goods by tax code on each side, sold-not-bought and bought-not-sold, rate spread. */
export function GoodsSection({ report }: { report: InvoiceReport }) {
  const { goods } = report;
  return (
    <div className="tl-goods">
      <div className="tl-block" data-testid="goods-sales">
        <div className="tl-block-title">{t('reports.goods.salesTop')}</div>
        <SimpleTable
          columns={GOODS_COLUMNS}
          rows={goods.sales}
          rowKey={(row) => row.key}
          empty={t('reports.goods.empty')}
        />
      </div>
      <div className="tl-block" data-testid="goods-purchases">
        <div className="tl-block-title">{t('reports.goods.purchaseTop')}</div>
        <SimpleTable
          columns={GOODS_COLUMNS}
          rows={goods.purchases}
          rowKey={(row) => row.key}
          empty={t('reports.goods.empty')}
        />
      </div>
      <div className="tl-two-columns">
        <CategoryList title={t('reports.goods.soldNotBought')} items={goods.soldNotBought} />
        <CategoryList title={t('reports.goods.boughtNotSold')} items={goods.boughtNotSold} />
      </div>
      <div className="tl-block">
        <div className="tl-block-title">{t('reports.goods.rateSpread')}</div>
        {goods.salesRateSpread.length === 0 ? (
          <div className="tl-muted">{t('reports.goods.rateSpreadNone')}</div>
        ) : (
          <SimpleTable columns={SPREAD_COLUMNS} rows={goods.salesRateSpread} rowKey={(row) => row.key} />
        )}
      </div>
    </div>
  );
}
