// antd's own pictures, without Empty's wrapper and stylesheet (light-empty.css draws those).
import DefaultEmptyImage from 'antd/es/empty/empty';
import SimpleEmptyImage from 'antd/es/empty/simple';
import type { ReactNode } from 'react';
import './light-empty.css';

/**
 * antd's Empty as /home's cards use it (the default or the simple picture and a description),
 * with antd's pictures and tokens: Empty's component and style code are on the first screen of
 * /home otherwise (issue 21). Pages off the first screens keep antd's Empty.
 */
export function LightEmpty({ simple = false, description }: { simple?: boolean; description: ReactNode }) {
  return (
    <div className={simple ? 'tl-empty tl-empty-normal' : 'tl-empty'}>
      <div className="tl-empty-image">{simple ? <SimpleEmptyImage /> : <DefaultEmptyImage />}</div>
      <div className="tl-empty-description">{description}</div>
    </div>
  );
}
