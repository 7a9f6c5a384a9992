import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LightSkeleton } from './LightSkeleton';

afterEach(cleanup);

describe('LightSkeleton: antd Skeleton active with a title and paragraph', () => {
  it('draws a title and the asked number of lines, as antd’s elements', () => {
    const { container } = render(<LightSkeleton rows={8} />);
    expect(container.querySelectorAll('.tl-skeleton-title')).toHaveLength(1);
    const lines = container.querySelectorAll('ul.tl-skeleton-paragraph > li');
    expect(lines).toHaveLength(8);
  });
});
