import type { PopoverProps, TooltipProps } from 'antd';
import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  useEffect,
  useRef,
  useState,
} from 'react';

type Popups = typeof import('./lazy-popups');

let loaded: Popups | null = null;
let loading: Promise<Popups> | null = null;

function loadPopups(): Promise<Popups> {
  loading ??= import('./lazy-popups').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error) => {
      // A failed chunk (a new deployment): the next pointer or focus tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

interface TriggerProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onClick?: (event: unknown) => void;
}

type Trigger = ReactElement<TriggerProps>;

/**
 * antd's Popover/Tooltip code (~8 KiB gzip with their placements) is not on the first screen:
 * until the pointer or the focus reaches the trigger, the trigger is drawn alone; then the popup's
 * chunk loads and the trigger is drawn inside it. The trigger element is created anew at that
 * moment, so it is given the focus back when it had it.
 */
function useLoadedPopups(children: Trigger, onArm?: (how: 'pointer' | 'leave' | 'focus' | 'click') => void) {
  const [popups, setPopups] = useState<Popups | null>(loaded);
  const node = useRef<HTMLElement | null>(null);
  const hadFocus = useRef(false);
  const arm = () => {
    if (!popups) void loadPopups().then(setPopups, () => {});
  };
  useEffect(() => {
    if (popups && hadFocus.current) node.current?.focus();
  }, [popups]);
  const own = children.props;
  const trigger = popups
    ? children
    : cloneElement(children, {
        ref: (element: HTMLElement | null) => {
          node.current = element;
        },
        onPointerEnter: (event) => {
          arm();
          onArm?.('pointer');
          own.onPointerEnter?.(event);
        },
        onPointerLeave: (event) => {
          onArm?.('leave');
          own.onPointerLeave?.(event);
        },
        onFocus: (event) => {
          hadFocus.current = true;
          arm();
          onArm?.('focus');
          own.onFocus?.(event);
        },
        onClick: (event) => {
          arm();
          onArm?.('click');
          own.onClick?.(event);
        },
      });
  const ref = (element: HTMLElement | null) => {
    node.current = element;
  };
  return { popups, trigger, ref };
}

/** antd Popover, loaded when the pointer or the focus first reaches its trigger (a click before that opens it once loaded). */
export function LazyPopover({ children, ...props }: PopoverProps & { children: Trigger }) {
  const { popups, trigger, ref } = useLoadedPopups(children, (how) => {
    if (how === 'click' && props.trigger === 'click') props.onOpenChange?.(true);
  });
  if (!popups) return trigger;
  return <popups.Popover {...props}>{cloneElement(children, { ref })}</popups.Popover>;
}

/** antd Tooltip, loaded when the pointer or the focus first reaches its trigger; shown at once if the pointer is still there. */
export function LazyTooltip({ children, ...props }: TooltipProps & { children: Trigger }) {
  const hovering = useRef(false);
  const { popups, trigger, ref } = useLoadedPopups(children, (how) => {
    if (how === 'pointer') hovering.current = true;
    if (how === 'leave') hovering.current = false;
  });
  if (!popups) return trigger;
  return (
    <popups.Tooltip defaultOpen={hovering.current} {...props}>
      {cloneElement(children, { ref })}
    </popups.Tooltip>
  );
}
