import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  comparePeriods,
  FINANCIAL_FIGURES,
  type FinancialStatementKind,
  formatDateTime,
  formatPeriod,
  STATEMENT_LAYOUTS,
  TAXPAYER_TYPES,
} from '@taxlens/shared';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Segmented,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../lib/http';
import { t } from '../../../locales';
import { type FigureSet, importsApi } from '../api';
import { formatFigure, STATEMENT_KINDS } from '../model/figures-form';
import { figuresOptions, importKeys } from '../queries';
import { FiguresDrawer } from './FiguresDrawer';

function layoutLabel(set: FigureSet): string {
  if (!set.layout) return '-';
  if (set.layout in STATEMENT_LAYOUTS) return STATEMENT_LAYOUTS[set.layout as keyof typeof STATEMENT_LAYOUTS];
  if (set.layout in TAXPAYER_TYPES) return TAXPAYER_TYPES[set.layout as keyof typeof TAXPAYER_TYPES];
  return set.layout;
}

/** The figures of one period, in catalogue order, as label–amount pairs. */
function FigureValues({ set }: { set: FigureSet }) {
  const { token } = theme.useToken();
  const rows = FINANCIAL_FIGURES[set.statement].filter((figure) => set.figures[figure.key] !== undefined);
  return (
    <div className="tl-co-figure-values">
      {rows.map((figure) => (
        <div className="tl-co-figure-value" key={figure.key} style={{ borderColor: token.colorBorderSecondary }}>
          <Typography.Text type="secondary">{figure.label}</Typography.Text>
          <strong>{formatFigure(figure, set.figures[figure.key])}</strong>
        </div>
      ))}
    </div>
  );
}

/** 财务数据: statements and return summaries by period, with manual entry and deletion. */
export function FiguresPanel({ firmId, canEdit }: { firmId: number; canEdit: boolean }) {
  const [statement, setStatement] = useState<FinancialStatementKind>('balance_sheet');
  const [drawer, setDrawer] = useState<{ open: boolean; editing: FigureSet | null }>({ open: false, editing: null });
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const figures = useQuery(figuresOptions(firmId, statement));
  const statementName = t(`companies.figures.statements.${statement}`);

  const remove = useMutation({
    mutationFn: (period: string) => importsApi.deleteFigures(firmId, statement, period),
    onSuccess: async () => {
      message.success(t('companies.figures.deleted'));
      await queryClient.invalidateQueries({ queryKey: importKeys.firm(firmId) });
    },
  });

  const confirmDelete = (set: FigureSet) =>
    modal.confirm({
      title: t('companies.figures.deleteTitle', { period: formatPeriod(set.period), statement: statementName }),
      content: t('companies.figures.deleteContent'),
      okText: t('companies.figures.delete'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(set.period),
    });

  const rows = [...(figures.data ?? [])].sort((a, b) => comparePeriods(b.period, a.period));
  const columns: TableProps<FigureSet>['columns'] = [
    { title: t('companies.figures.period'), dataIndex: 'period', render: (value: string) => formatPeriod(value) },
    { title: t('companies.figures.layout'), key: 'layout', render: (_value, set) => layoutLabel(set) },
    {
      title: t('companies.figures.source'),
      dataIndex: 'source',
      render: (value: FigureSet['source']) =>
        value === 'manual' ? (
          <Tag color="gold">{t('companies.figures.sourceManual')}</Tag>
        ) : (
          <Tag color="blue">{t('companies.figures.sourceImport')}</Tag>
        ),
    },
    {
      title: t('companies.figures.filled'),
      key: 'filled',
      render: (_value, set) => t('companies.figures.filledValue', { count: Object.keys(set.figures).length }),
    },
    {
      title: t('companies.figures.updateTime'),
      dataIndex: 'updateTime',
      render: (value: string) => formatDateTime(value),
    },
    ...(canEdit
      ? [
          {
            title: t('companies.figures.actions'),
            key: 'actions',
            width: 140,
            render: (_value: unknown, set: FigureSet) => (
              <Space size={4}>
                <Button type="link" size="small" onClick={() => setDrawer({ open: true, editing: set })}>
                  {t('companies.figures.edit')}
                </Button>
                <Button type="link" size="small" danger onClick={() => confirmDelete(set)}>
                  {t('companies.figures.delete')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card data-testid="figures-panel">
      <div className="tl-co-page-section">
        <div className="tl-title-row">
          <Segmented<FinancialStatementKind>
            value={statement}
            onChange={setStatement}
            options={STATEMENT_KINDS.map((kind) => ({ value: kind, label: t(`companies.figures.statements.${kind}`) }))}
          />
          <div className="tl-title-row-actions">
            <Button icon={<DownloadOutlined />} onClick={() => void importsApi.returnTemplate().catch(() => undefined)}>
              {t('companies.import.downloadTemplate')}
            </Button>
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ open: true, editing: null })}>
                {t('companies.figures.add')}
              </Button>
            )}
          </div>
        </div>
        {figures.isError && !figures.data ? (
          <Alert
            type="error"
            showIcon
            title={t('companies.figures.loadFailed')}
            description={isApiError(figures.error) ? figures.error.msg : undefined}
          />
        ) : (
          <Table<FigureSet>
            rowKey="period"
            columns={columns}
            dataSource={rows}
            loading={figures.isFetching}
            pagination={rows.length > 12 ? { pageSize: 12, showSizeChanger: false } : false}
            scroll={{ x: 760 }}
            expandable={{ expandedRowRender: (set) => <FigureValues set={set} /> }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={
                    <>
                      <div>{t('companies.figures.empty', { statement: statementName })}</div>
                      <Typography.Text type="secondary">{t('companies.figures.emptyHint')}</Typography.Text>
                    </>
                  }
                />
              ),
            }}
          />
        )}
      </div>
      <FiguresDrawer
        open={drawer.open}
        firmId={firmId}
        statement={statement}
        editing={drawer.editing}
        onClose={() => setDrawer({ open: false, editing: null })}
      />
    </Card>
  );
}
