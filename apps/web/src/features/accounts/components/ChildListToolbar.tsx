import { DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { LEVEL_LABELS, type Team } from '@taxlens/shared';
import { Button, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales';
import type { ChildFilters, ChildListQuery, ChildStatus } from '../api';

interface ChildListToolbarProps {
  isMain: boolean;
  query: ChildListQuery;
  setFilter: (next: Partial<ChildFilters>) => void;
  teams: Team[] | undefined;
  teamsLoading: boolean;
  exporting: boolean;
  onRefresh: () => void;
  onExport: () => void;
  onAdd: () => void;
}

/**
 * Search and filters of the sub-account list, refresh, export and add.
 */
export function ChildListToolbar(props: ChildListToolbarProps) {
  const { isMain, query, setFilter } = props;
  const [keywordInput, setKeywordInput] = useState(query.keyword ?? '');
  return (
    <div className="tl-toolbar">
      <Space wrap size={[12, 12]}>
        <Input.Search
          allowClear
          className="tl-toolbar-search"
          placeholder={t('accounts.users.searchPlaceholder')}
          value={keywordInput}
          onChange={(event) => {
            setKeywordInput(event.target.value);
            if (event.target.value === '') setFilter({ keyword: undefined });
          }}
          onSearch={(value) => setFilter({ keyword: value.trim() || undefined })}
          maxLength={30}
          data-testid="child-search"
        />
        {isMain && (
          <Select<2 | 3 | undefined>
            className="tl-toolbar-select"
            allowClear
            placeholder={t('accounts.users.levelFilter')}
            value={query.level}
            onChange={(level) => setFilter({ level })}
            options={[
              { value: 2, label: LEVEL_LABELS[2] },
              { value: 3, label: LEVEL_LABELS[3] },
            ]}
          />
        )}
        <Select<ChildStatus | undefined>
          className="tl-toolbar-select"
          allowClear
          placeholder={t('accounts.users.statusFilter')}
          value={query.status}
          onChange={(status) => setFilter({ status })}
          options={[
            { value: 'active', label: t('accounts.users.status.active') },
            { value: 'disabled', label: t('accounts.users.status.disabled') },
          ]}
        />
        <Select<number | undefined>
          className="tl-toolbar-select is-wide"
          allowClear
          placeholder={t('accounts.users.teamFilter')}
          value={query.teamId}
          onChange={(teamId) => setFilter({ teamId })}
          loading={props.teamsLoading}
          options={(props.teams ?? []).map((team) => ({ value: team.teamId, label: team.name }))}
          notFoundContent={t('accounts.users.form.noTeams')}
        />
      </Space>
      <Space>
        <Button icon={<ReloadOutlined />} onClick={props.onRefresh} aria-label={t('accounts.users.refresh')} />
        <Button
          icon={<DownloadOutlined />}
          loading={props.exporting}
          onClick={props.onExport}
          data-testid="child-export"
        >
          {props.exporting ? t('accounts.users.exporting') : t('accounts.users.export')}
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd} data-testid="child-add">
          {t('accounts.users.add')}
        </Button>
      </Space>
    </div>
  );
}
