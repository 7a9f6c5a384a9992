import { App, Button, Card, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales';
import { CoverPicker } from './CoverPicker';
import { useChooseCover, useChooseCoverForAll, useCovers } from './cover-queries';

/**
 * 报告封面 on /watermark (the main account's 报告配置): the cover its own PDFs print with, and the same
 * cover for every account of the firm at once (each staff member may still choose another on a report).
 */
export function CoverCard() {
  const { message } = App.useApp();
  const covers = useCovers();
  const choose = useChooseCover();
  const chooseAll = useChooseCoverForAll();
  const [picked, setPicked] = useState<number | null>(null);
  const selected = picked ?? covers.data?.selectedId ?? null;
  const name = covers.data?.list.find((cover) => cover.id === selected)?.name ?? '';

  return (
    <Card title={t('companyData.covers.title')} data-testid="cover-card">
      <Typography.Paragraph type="secondary">{t('companyData.covers.hint')}</Typography.Paragraph>
      {covers.isPending || !covers.data ? (
        <Skeleton active />
      ) : (
        <>
          <CoverPicker covers={covers.data.list} value={selected} onChange={setPicked} />
          <Space wrap style={{ marginTop: 16 }}>
            <Button
              type="primary"
              loading={choose.isPending}
              disabled={selected === null}
              onClick={() =>
                selected !== null &&
                choose.mutate(selected, {
                  onSuccess: () => void message.success(t('companyData.covers.saved', { name })),
                })
              }
              data-testid="cover-save"
            >
              {t('companyData.covers.saveMine')}
            </Button>
            <Popconfirm
              title={t('companyData.covers.allConfirm', { name })}
              onConfirm={() =>
                selected !== null &&
                chooseAll.mutate(selected, {
                  onSuccess: (answer) =>
                    void message.success(t('companyData.covers.savedAll', { name, count: answer.updated })),
                })
              }
            >
              <Button loading={chooseAll.isPending} disabled={selected === null} data-testid="cover-save-all">
                {t('companyData.covers.saveAll')}
              </Button>
            </Popconfirm>
          </Space>
        </>
      )}
    </Card>
  );
}
