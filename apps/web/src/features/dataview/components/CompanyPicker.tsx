import { Select, Spin } from 'antd';
import { useState } from 'react';
import { http } from '../../../lib/http';
import type { CompanyHit } from '../../companydata/api';

/** Registry search (name, pinyin initials or credit code) to choose companies to monitor. */
export function CompanyPicker({ value, onChange }: { value: string[]; onChange: (codes: string[]) => void }) {
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [loading, setLoading] = useState(false);
  const search = async (keyword: string) => {
    if (keyword.trim().length < 2) return;
    setLoading(true);
    try {
      const answer = await http.get<{ list: CompanyHit[] }>('/CompanyData/search', {
        params: { keyword: keyword.trim() },
        silent: true,
      });
      setOptions(answer.list.map((hit) => ({ value: hit.creditCode, label: `${hit.name}（${hit.creditCode}）` })));
    } catch {
      setOptions([]);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Select
      mode="multiple"
      showSearch
      filterOption={false}
      value={value}
      onChange={onChange}
      onSearch={search}
      options={options}
      notFoundContent={loading ? <Spin size="small" /> : null}
      placeholder="输入企业名称、拼音首字母或统一社会信用代码"
      style={{ minWidth: 260, flex: 1 }}
      data-testid="monitor-picker"
    />
  );
}
