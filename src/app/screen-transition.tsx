import { animate, useReducedMotion } from 'framer-motion';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * Fades a screen in and lifts it a few pixels when the path changes. It animates the element in place rather than
 * remounting it (a key would throw away the screen's state), and clears the styles afterwards: a lasting transform
 * would become the containing block of the screen's fixed-position descendants.
 */
export function ScreenTransition({ path, children }: { path: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const reduce = useReducedMotion();
  useLayoutEffect(() => {
    const element = ref.current;
    if (reduce || !element) return;
    const controls = animate(element, { opacity: [0, 1], transform: ['translateY(6px)', 'translateY(0px)'] }, { duration: 0.22, ease: 'easeOut' });
    void controls.then(() => element.style.removeProperty('transform'));
    return () => {
      controls.stop();
      element.style.removeProperty('opacity');
      element.style.removeProperty('transform');
    };
  }, [path, reduce]);
  return <div ref={ref}>{children}</div>;
}
