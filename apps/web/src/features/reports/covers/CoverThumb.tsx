import type { CoverTemplate } from '@taxlens/shared';
import type { CSSProperties } from 'react';

/**
 * A miniature A4 page of a cover template, drawn with the same layout and colours as the printed cover
 * (print.css): lines stand for the group's name, the report's name, the company and the facts.
 */
export function CoverThumb({ cover }: { cover: CoverTemplate }) {
  const colours = { '--tl-cover-primary': cover.primaryColor, '--tl-cover-accent': cover.accentColor } as CSSProperties;
  return (
    <div className={`tl-cover-thumb tl-cover-thumb-${cover.layout}`} style={colours} aria-hidden="true">
      <div className="tl-cover-thumb-group" />
      <div className="tl-cover-thumb-body">
        <div className="tl-cover-thumb-title" />
        <div className="tl-cover-thumb-company" />
        <div className="tl-cover-thumb-facts">
          <span />
          <span />
          <span />
        </div>
      </div>
    </div>
  );
}
