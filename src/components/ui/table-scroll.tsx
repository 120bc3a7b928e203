import { Box, Table, type TableScrollAreaProps } from '@chakra-ui/react';
import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * A table's own sideways scroll box. Its width comes from the space around it, never from the table: the box is an
 * inline-size container, so a wide table cannot widen the card, grid column or page it sits in (even in a parent
 * without min-width: 0), and scrolls here instead. The first column stays put while the others scroll, so each row
 * keeps its name in view; a cell spanning the whole row (a row's details) is not held. Inside, `100cqi` is the box's
 * visible width, for content that should fit it rather than the table. A shade at an edge says there is more that way,
 * where overlay scrollbars show nothing until one scrolls.
 *
 * The box takes focus, so a keyboard can scroll it too (WCAG 2.1.1; axe-core's scrollable-region-focusable), and is
 * named after its table for screen readers. Positioned, so visually hidden cells (absolutely placed) stay inside it.
 */
export function TableScroll({ label, children, ...props }: TableScrollAreaProps & { label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const more = useMoreSideways(box);
  return (
    <Box position="relative" css={edgeShade} data-more-start={more.start || undefined} data-more-end={more.end || undefined}>
      <Table.ScrollArea ref={box} tabIndex={0} role="region" aria-label={label} position="relative" containerType="inline-size" borderWidth="1px" rounded="md" css={heldFirstColumn} {...props}>
        {children}
      </Table.ScrollArea>
    </Box>
  );
}

/** Whether the box has more to show before (start) and after (end) what it shows sideways; RTL scrolls to negative offsets. */
function useMoreSideways(ref: RefObject<HTMLDivElement | null>) {
  const [more, setMore] = useState({ start: false, end: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const update = () => {
      const scrolled = Math.abs(box.scrollLeft);
      const start = scrolled > 1;
      const end = box.scrollWidth - box.clientWidth - scrolled > 1;
      setMore((was) => (was.start === start && was.end === end ? was : { start, end }));
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    // The table changes width with its rows and the window (jsdom has no ResizeObserver: there nothing is laid out).
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resized?.observe(box);
    if (box.firstElementChild) resized?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', update);
      resized?.disconnect();
    };
  }, [ref]);
  return more;
}

// The row's own background (the table recipe gives every row one), so cells scrolling under the held column stay hidden;
// a sticky header row (stickyHeader) stays above the held cells of the rows scrolling under it.
const heldFirstColumn = {
  '& :is(th, td):first-child:not([colspan])': { position: 'sticky', insetInlineStart: 0, zIndex: 1, background: 'inherit' },
  '& thead tr': { zIndex: 2 },
};

// fg is dark on a light page and light on a dark one: at a low opacity a shade in both modes.
const edgeShade = {
  '&::after': {
    content: '""',
    position: 'absolute',
    insetBlock: '1px',
    insetInlineEnd: '1px',
    width: '6',
    borderEndRadius: 'md',
    pointerEvents: 'none',
    zIndex: 3,
    opacity: 0,
    transition: 'opacity 0.15s',
    background: 'linear-gradient(to left, var(--chakra-colors-fg), transparent)',
    _rtl: { background: 'linear-gradient(to right, var(--chakra-colors-fg), transparent)' },
  },
  '&[data-more-end]::after': { opacity: 0.12 },
  '&[data-more-start] :is(th, td):first-child:not([colspan])': { boxShadow: '6px 0 6px -6px color-mix(in srgb, var(--chakra-colors-fg) 35%, transparent)' },
};
