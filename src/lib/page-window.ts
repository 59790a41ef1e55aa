/**
 * The page numbers a pager shows around the current page (spec §9). The spec shows 7 buttons in
 * one place and 20 in another; 7 is used everywhere: it fits a 360 px screen.
 */
export function pageWindow(page: number, pages: number, buttons = 7): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(buttons / 2), pages - buttons + 1));
  return Array.from({ length: Math.min(buttons, pages) }, (_, i) => start + i);
}
