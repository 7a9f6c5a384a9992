import { type ComponentType, type CSSProperties, useEffect, useState } from 'react';

/** What antd's Menu passes to an item icon (it adds its own class). */
interface IconProps {
  className?: string;
  style?: CSSProperties;
}

interface IconModule {
  default: ComponentType<IconProps>;
}

/**
 * A menu icon whose code loads the first time it is drawn. The route tables are read on every
 * first screen (the sign-in page too), and importing their thirty-odd icons put them all there
 * (issue 21); now each loads when a menu shows it. Until then an empty icon-sized box keeps the
 * text where it will stay.
 */
export function lazyIcon(load: () => Promise<IconModule>): ComponentType<IconProps> {
  let loaded: ComponentType<IconProps> | null = null;
  let pending: Promise<ComponentType<IconProps>> | null = null;
  const start = () => {
    pending ??= load().then((module) => {
      loaded = module.default;
      return module.default;
    });
    return pending;
  };
  function LazyIcon(props: IconProps) {
    const [Icon, setIcon] = useState<ComponentType<IconProps> | null>(() => loaded);
    useEffect(() => {
      if (Icon) return;
      let live = true;
      start().then(
        (component) => {
          if (live) setIcon(() => component);
        },
        // A failed chunk leaves the box empty; the menu text still works, and a page change
        // to a new deployment reloads (lazy-route.ts).
        () => {
          pending = null;
        },
      );
      return () => {
        live = false;
      };
    }, [Icon]);
    if (Icon) return <Icon {...props} />;
    const className = props.className ? `anticon ${props.className}` : 'anticon';
    return <span className={className} aria-hidden="true" style={{ ...props.style, width: '1em', height: '1em' }} />;
  }
  return LazyIcon;
}
