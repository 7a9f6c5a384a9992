import { Flex, Spin } from 'antd';
import { t } from '../locales';

/** Shown while the first route's code and session check load. */
export function PageLoading() {
  return (
    <Flex className="tl-fill" align="center" justify="center">
      <Spin size="large" description={t('common.loading')} />
    </Flex>
  );
}
