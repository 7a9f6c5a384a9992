import { PictureOutlined } from '@ant-design/icons';
import { App, Button, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales';
import { CoverPicker } from './CoverPicker';
import { useChooseCover, useCovers } from './cover-queries';

/** Beside 导出PDF: which cover the signed-in user's PDFs print with, changed in a dialog. */
export function CoverButton() {
  const { message } = App.useApp();
  const covers = useCovers();
  const choose = useChooseCover();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<number | null>(null);
  const current = covers.data?.list.find((cover) => cover.id === covers.data?.selectedId);
  const selected = picked ?? current?.id ?? null;

  const save = () => {
    if (selected === null) return;
    const name = covers.data?.list.find((cover) => cover.id === selected)?.name ?? '';
    choose.mutate(selected, {
      onSuccess: () => {
        void message.success(t('companyData.covers.saved', { name }));
        setOpen(false);
      },
    });
  };

  return (
    <>
      <Button icon={<PictureOutlined />} onClick={() => setOpen(true)} data-testid="cover-button">
        {current ? t('companyData.covers.button', { name: current.name }) : t('companyData.covers.title')}
      </Button>
      <Modal
        open={open}
        title={t('companyData.covers.title')}
        width={760}
        okText={t('companyData.covers.saveMine')}
        onOk={save}
        confirmLoading={choose.isPending}
        onCancel={() => {
          setPicked(null);
          setOpen(false);
        }}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('companyData.covers.dialogHint')}</Typography.Paragraph>
        {covers.data ? (
          <CoverPicker covers={covers.data.list} value={selected} onChange={setPicked} />
        ) : (
          <Skeleton active />
        )}
      </Modal>
    </>
  );
}
