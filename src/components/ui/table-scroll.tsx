import { Table, type TableScrollAreaProps } from '@chakra-ui/react';

/**
 * A table's sideways scroll box on narrow screens. It takes focus, so a keyboard can scroll it too (WCAG 2.1.1;
 * axe-core's scrollable-region-focusable), and is named after its table for screen readers. Positioned, so visually
 * hidden cells (absolutely placed) stay inside it instead of widening the page.
 */
export function TableScroll({ label, children, ...props }: TableScrollAreaProps & { label: string }) {
  return (
    <Table.ScrollArea tabIndex={0} role="region" aria-label={label} position="relative" borderWidth="1px" rounded="md" maxW="full" {...props}>
      {children}
    </Table.ScrollArea>
  );
}
