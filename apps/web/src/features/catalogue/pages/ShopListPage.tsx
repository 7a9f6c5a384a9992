import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SHOP_PAGE_SIZE, type ShopScene } from '@taxlens/shared';
import { Input, Pagination, Segmented } from 'antd';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame';
import { t } from '../../../locales';
import { shopApi } from '../api';
import { MyRequests } from '../components/MyRequests';
import { ShopGrid } from '../components/ShopGrid';
import '../shop.css';

const ALL = '';

/** The shelf of a scene: by label, by keyword, page by page; the state lives in the address. */
function ShopList({ scene }: { scene: ShopScene }) {
  const [params, setParams] = useSearchParams();
  const label = params.get('label') ?? ALL;
  const keyword = params.get('keyword') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const shelf = useQuery({
    queryKey: ['shop', 'shelf', scene, label, keyword, page],
    queryFn: ({ signal }) =>
      shopApi.shelf(
        scene,
        { label: label || undefined, keyword: keyword || undefined, page, size: SHOP_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const change = (next: { label?: string; keyword?: string; page?: number }) => {
    const merged = { label, keyword, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.label) search.set('label', merged.label);
    if (merged.keyword) search.set('keyword', merged.keyword);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };
  const labels = shelf.data?.labels ?? [];
  return (
    <>
      <div className="tl-shop-toolbar">
        <Segmented
          options={[{ value: ALL, label: t('shop.all') }, ...labels.map((value) => ({ value, label: value }))]}
          value={label}
          onChange={(value) => change({ label: String(value) })}
          data-testid="shop-label-filter"
        />
        <Input.Search
          allowClear
          defaultValue={keyword}
          placeholder={t('shop.search')}
          onSearch={(value) => change({ keyword: value.trim() })}
          style={{ width: 280, maxWidth: '100%' }}
          data-testid="shop-search"
        />
      </div>
      <ShopGrid
        scene={scene}
        items={shelf.data?.list}
        loading={shelf.isFetching}
        error={shelf.isError}
        onRetry={() => void shelf.refetch()}
        emptyText={label || keyword ? t('shop.emptySearch') : t('shop.empty')}
        testId="shop-list"
      />
      {(shelf.data?.total ?? 0) > SHOP_PAGE_SIZE && (
        <Pagination
          align="center"
          current={page}
          pageSize={SHOP_PAGE_SIZE}
          total={shelf.data?.total}
          showSizeChanger={false}
          onChange={(next) => change({ page: next })}
        />
      )}
    </>
  );
}

/** /product-center/list */
export function ProductListPage() {
  return (
    <PageFrame
      title={t('shop.routes.productCenterList')}
      subtitle={t('shop.productIntro')}
      back={{ to: '/product-center', label: t('shop.routes.productCenter') }}
      testId="product-list"
    >
      <ShopList scene="product" />
    </PageFrame>
  );
}

/** /mall1: the ecological mall, partners' offers, with the buyer's orders and inquiries there. */
export function MallPage() {
  return (
    <PageFrame title={t('shop.routes.mall')} subtitle={t('shop.mallIntro')} testId="mall">
      <ShopList scene="mall" />
      <MyRequests scene="mall" />
    </PageFrame>
  );
}
