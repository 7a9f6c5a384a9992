import { type ComponentType, type CSSProperties, useEffect, useState } from 'react';

/** What antd's Menu passes to an item icon (it adds its own class). */
interface IconProps {
  className?: string;
  style?: CSSProperties;
}

interface IconModule {
  default: ComponentType<IconProps>;
}

/** One icon's code: loaded once, on the first draw. */
class IconLoader {
  loaded: ComponentType<IconProps> | null = null;
  private pending: Promise<ComponentType<IconProps>> | null = null;
  constructor(private readonly load: () => Promise<IconModule>) {}
  start(): Promise<ComponentType<IconProps>> {
    this.pending ??= this.load().then(
      (module) => {
        this.loaded = module.default;
        return module.default;
      },
      (error: unknown) => {
        // A failed chunk leaves the box empty (the menu text still works); the next draw tries again.
        this.pending = null;
        throw error;
      },
    );
    return this.pending;
  }
}

function LazyIconView({ loader, ...props }: IconProps & { loader: IconLoader }) {
  const [Icon, setIcon] = useState<ComponentType<IconProps> | null>(() => loader.loaded);
  useEffect(() => {
    if (Icon) return;
    let live = true;
    loader.start().then(
      (component) => {
        if (live) setIcon(() => component);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [Icon, loader]);
  if (Icon) return <Icon {...props} />;
  const className = props.className ? `anticon ${props.className}` : 'anticon';
  return <span className={className} aria-hidden="true" style={{ ...props.style, width: '1em', height: '1em' }} />;
}

/**
 * A menu icon whose code loads the first time it is drawn. The route tables are read on every
 * first screen (the sign-in page too), and importing their thirty-odd icons put them all there
 * (issue 21); now each loads when a menu shows it. Until then an empty icon-sized box keeps the
 * text where it will stay. Called once per icon when a route table module loads.
 */
export function lazyIcon(load: () => Promise<IconModule>): ComponentType<IconProps> {
  const loader = new IconLoader(load);
  return (props: IconProps) => <LazyIconView loader={loader} {...props} />;
}
