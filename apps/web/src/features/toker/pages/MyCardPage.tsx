import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PROSPECT_STATUSES, type ProspectStatusKey } from '@taxlens/shared';
import { Select } from 'antd';
import { useState } from 'react';
import { PageFrame } from '../../../components/PageFrame';
import { t } from '../../../locales';
import { ProspectCards } from '../components/ProspectCards';
import { tokerApi } from '../toker-api';

const PAGE_SIZE = 20;

/** /my/card (tk): the prospects assigned to me, with their contact status and notes. */
export function MyCardPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<ProspectStatusKey | undefined>();
  const cards = useQuery({
    queryKey: ['toker', 'cards', page, status],
    queryFn: ({ signal }) => tokerApi.myCards({ page, size: PAGE_SIZE, status }, signal),
  });
  return (
    <PageFrame
      title={t('toker.routes.card')}
      subtitle={t('toker.card.intro')}
      testId="my-card-page"
      extra={
        <Select<ProspectStatusKey>
          allowClear
          placeholder={t('toker.card.allStatus')}
          style={{ width: 140 }}
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
          options={PROSPECT_STATUSES.map((item) => ({ value: item.key, label: item.label }))}
        />
      }
    >
      <ProspectCards
        rows={cards.data?.list ?? []}
        total={cards.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        loading={cards.isLoading}
        onPage={setPage}
        onChanged={() => queryClient.invalidateQueries({ queryKey: ['toker'] })}
      />
    </PageFrame>
  );
}
