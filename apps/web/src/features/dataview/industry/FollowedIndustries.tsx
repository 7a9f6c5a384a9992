import type { IndustryOption } from '@taxlens/shared';
import { Select, Space, Tag } from 'antd';

export interface FollowedIndustriesProps {
  options: readonly IndustryOption[];
  pending: boolean;
  onFollow: (code: string) => void;
  onUnfollow: (code: string) => void;
}

/** The group's followed industries as closable tags, and a picker to follow one more (increaseIndustry). */
export function FollowedIndustries({ options, pending, onFollow, onUnfollow }: FollowedIndustriesProps) {
  const followed = options.filter((option) => option.followed);
  return (
    <Space wrap size={[8, 8]} data-testid="industry-followed">
      <Select
        style={{ width: 220 }}
        placeholder="关注行业"
        value={null}
        disabled={pending}
        showSearch
        optionFilterProp="label"
        aria-label="关注行业"
        onChange={(code: string | null) => code && onFollow(code)}
        options={options.map((option) => ({
          value: option.code,
          label: `${option.name}（${option.clientCount}）`,
          disabled: option.followed,
        }))}
        data-testid="industry-follow-select"
      />
      {followed.map((option) => (
        <Tag
          key={option.code}
          color="gold"
          closable={!pending}
          onClose={(event) => {
            event.preventDefault();
            onUnfollow(option.code);
          }}
          data-testid={`followed-${option.code}`}
        >
          {option.name}
        </Tag>
      ))}
    </Space>
  );
}
