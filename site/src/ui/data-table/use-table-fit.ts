import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * `undecided`: the server's HTML and the first render, before anything is measured. Both
 * layouts are drawn and the stylesheet shows one by the container's width (and language), so
 * the page the browser paints before hydration has the shape the measure will choose.
 */
export type TableLayout = 'table' | 'cards' | 'undecided';

/**
 * Whether a table fits its container, measured on the real widths rather than guessed from a
 * breakpoint: French labels overflow at desktop widths where English fits (issue 28 finding 4).
 * The table is drawn, measured before paint and swapped for cards when wider than its
 * container; the cards go back to a table once the container is as wide as the table needed.
 * `content` changes (rows, sort, language) draw and measure the table again.
 */
export function useTableFit(
  container: RefObject<HTMLElement | null>,
  table: RefObject<HTMLTableElement | null>,
  content: unknown,
): TableLayout {
  const [layout, setLayout] = useState<TableLayout>('undecided');
  const needed = useRef(0);

  // The first decision is the resize observer's (below): it reads the table the server drew,
  // hidden but laid out (see site.css), after the browser's own layout, so hydration neither
  // forces a layout nor draws the table over the server's cards and the cards again (issue 47).
  // Later changes draw the table and measure it before paint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: content is what invalidates the measure
  useLayoutEffect(() => {
    if (layout === 'undecided') return;
    needed.current = 0;
    setLayout('table');
  }, [content]);

  useLayoutEffect(() => {
    if (layout !== 'table' || !container.current || !table.current) return;
    const width = table.current.offsetWidth;
    if (width > container.current.clientWidth) {
      needed.current = width;
      setLayout('cards');
    }
  });

  // Watching the table too: a web font arriving late widens it without resizing the container.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      const available = element.clientWidth;
      if (table.current && table.current.offsetWidth > available) {
        needed.current = table.current.offsetWidth;
        setLayout('cards');
      } else if (table.current ? layout === 'undecided' : available >= needed.current) {
        setLayout('table');
      }
    });
    observer.observe(element);
    if (table.current) observer.observe(table.current);
    return () => observer.disconnect();
  }, [container, table, layout]);

  return layout;
}
