import type { CheckBatch } from '@taxlens/shared';
import { Card, Flex, Tabs } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales';
import { BatchResult } from '../components/BatchResult';
import { FileForm } from '../components/FileForm';
import { ManualForm } from '../components/ManualForm';
import { ProviderNotice } from '../components/ProviderNotice';

/** /ticket/jianwei 发票鉴伪: upload invoice files or type the four elements; the answer lists each verdict. */
export function CheckPage() {
  const [batch, setBatch] = useState<CheckBatch | null>(null);
  return (
    <Flex vertical gap={16} className="verification-page">
      <ProviderNotice />
      <Card>
        <Tabs
          items={[
            { key: 'files', label: t('verification.tabs.files'), children: <FileForm onDone={setBatch} /> },
            { key: 'manual', label: t('verification.tabs.manual'), children: <ManualForm onDone={setBatch} /> },
          ]}
        />
      </Card>
      {batch && <BatchResult batch={batch} />}
    </Flex>
  );
}
