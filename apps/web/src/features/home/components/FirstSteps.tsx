import { CheckOutlined } from '@ant-design/icons';
import './first-steps.css';

export interface FirstStep {
  title: string;
  description: string;
  status: 'finish' | 'process' | 'wait';
}

/**
 * The first-steps card's three steps, drawn like antd's Steps (filled, title beside the icon;
 * vertical under 576 px as its `responsive`) from antd's CSS variables (first-steps.css): the
 * component and its grid breakpoint hook cost the new firm's /home 9 KiB gzip (issue 21). The
 * current step's icon is filled, as antd's active item; a step's rail takes the next step's status.
 */
export function FirstSteps({ items, current }: { items: readonly FirstStep[]; current: number }) {
  return (
    <ol className="tl-steps">
      {items.map((item, index) => {
        const next = items[index + 1];
        const active = index === current;
        return (
          <li
            key={item.title}
            className={`tl-steps-item is-${item.status}${active ? ' is-active' : ''}`}
            aria-current={active ? 'step' : undefined}
          >
            <div className="tl-steps-icon">
              {item.status === 'finish' ? <CheckOutlined /> : <span>{index + 1}</span>}
            </div>
            <div className="tl-steps-section">
              <div className="tl-steps-header">
                <div className="tl-steps-title">{item.title}</div>
                {next && <div className={`tl-steps-rail is-${next.status}`} />}
              </div>
              <div className="tl-steps-content">{item.description}</div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
