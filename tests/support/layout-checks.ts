/** Layout faults a screenshot hides and a user meets: tables cut off at the window's edge, a frame shorter than its page. */
import type { Page } from 'playwright-core';

/**
 * Every table on the page (role table, shown) whose box reaches past the window: the nearest box that scrolls it
 * sideways (or the table itself) must lie within the viewport, so the rest of a wide table is reached by scrolling that
 * box, never cut off at the window's edge. Each fault is described as "<table name>: …".
 */
export function tablesOutsideWindow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const table of document.querySelectorAll<HTMLElement>('table:not([role]), [role="table"]')) {
      if (table.getClientRects().length === 0) continue; // not shown (a closed <details>)
      let box: HTMLElement = table;
      for (let node = table.parentElement; node && node !== document.body; node = node.parentElement) {
        const overflowX = getComputedStyle(node).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll') {
          box = node;
          break;
        }
      }
      const rect = box.getBoundingClientRect();
      const name = table.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent?.trim() ?? 'a table without a name';
      if (box.clientWidth > width) faults.push(`${name}: its scroll box is ${box.clientWidth} px wide in a ${width} px window`);
      else if (rect.left < -1 || rect.right > width + 1) faults.push(`${name}: its box runs from ${Math.round(rect.left)} to ${Math.round(rect.right)} px in a ${width} px window`);
      if (box === table && table.scrollWidth > width) faults.push(`${name}: ${table.scrollWidth} px wide with no box of its own to scroll in`);
    }
    return faults;
  });
}

/**
 * On a page taller than the window (`tall`), whether the signed-in frame's background (`app-shell`) and, on a wide
 * screen, its sidebar (`app-sidebar`) reach the page's bottom: a fault for each that ends short.
 */
export function shellShortOfPage(page: Page): Promise<{ tall: boolean; faults: string[] }> {
  return page.evaluate(() => {
    const pageHeight = document.documentElement.scrollHeight;
    const faults: string[] = [];
    if (pageHeight <= window.innerHeight) return { tall: false, faults };
    for (const id of ['app-shell', 'app-sidebar']) {
      const element = document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
      if (!element) continue;
      const bottom = element.getBoundingClientRect().bottom + window.scrollY;
      if (bottom < pageHeight - 1) faults.push(`${id} ends at ${Math.round(bottom)} px on a page ${pageHeight} px tall`);
    }
    return { tall: true, faults };
  });
}
