import './light-skeleton.css';

/**
 * antd's `<Skeleton active paragraph={{ rows }} />` (a title at 38 %, the last line at 61 %) drawn
 * from antd's tokens without the component: the workbench shows it on every first visit, and
 * Skeleton's code is 3 KiB gzip of /home's first screen (issue 21). The list keeps its
 * browser margins as antd's does; the title has its h3's (1.17em).
 */
export function LightSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="tl-skeleton">
      <div className="tl-skeleton-section">
        <div className="tl-skeleton-title" />
        <ul className="tl-skeleton-paragraph">
          {Array.from({ length: rows }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines without identity.
            <li key={index} />
          ))}
        </ul>
      </div>
    </div>
  );
}
