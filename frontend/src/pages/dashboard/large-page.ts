import { chainsOf, keyOf, type Column, type Link, type Selection } from './resource-chain';

/**
 * How a large organization's dashboard stays readable (D-DASH-2): past LARGE_PAGE items the page
 * offers a Find field and cuts each column longer than COLUMN_CAP to its first COLUMN_CAP items
 * behind a 'Show all' button. A smaller page is drawn whole, as spec 03 §2 shows it.
 */
export const LARGE_PAGE = 60;
export const COLUMN_CAP = 50;

export interface Named {
  id: string;
  name: string;
}

export interface ColumnWindow<T extends Named> {
  /** What the column draws, in the column's order. */
  shown: T[];
  /** The column's items left after Find, before the cap. */
  matching: number;
  /** More matching items than the cap: the column has a Show all / Show fewer button. */
  cappable: boolean;
  /** For a shown item that follows hidden ones (a chain past the cut): how many were skipped. */
  skippedBefore: Map<string, number>;
}

export interface PageView<T extends Named> {
  large: boolean;
  columns: Record<Column, ColumnWindow<T>>;
  /** `column:id` of every shown item: arrows are drawn between these only. */
  shownKeys: Set<string>;
}

export interface PageState {
  /** The Find text; blank narrows nothing. Ignored on a small page. */
  query: string;
  /** The selected item's chain: always shown whole, past the cap and past Find. */
  chain: Set<string> | undefined;
  /** Columns whose Show all was pressed. */
  expanded: ReadonlySet<Column>;
}

/**
 * Which items each column shows. Find keeps the items whose name holds the text (any case) and
 * every item chained to one of them, so a match is seen with what feeds it and what it feeds.
 */
export function pageView<T extends Named>(columns: Record<Column, T[]>, links: readonly Link[], state: PageState): PageView<T> {
  const order: Column[] = ['source', 'kb', 'app'];
  const large = order.reduce((total, column) => total + columns[column].length, 0) > LARGE_PAGE;
  const query = large ? state.query.trim().toLowerCase() : '';
  let found: Set<string> | undefined;
  if (query) {
    const matches: Selection[] = order.flatMap((column) => columns[column].filter((item) => item.name.toLowerCase().includes(query)).map((item) => ({ column, id: item.id })));
    found = chainsOf(matches, links);
  }
  const pinned = (key: string) => state.chain?.has(key) ?? false;
  const shownKeys = new Set<string>();
  const windowOf = (column: Column): ColumnWindow<T> => {
    const matching = found ? columns[column].filter((item) => found.has(keyOf({ column, id: item.id })) || pinned(keyOf({ column, id: item.id }))) : columns[column];
    const cappable = large && matching.length > COLUMN_CAP;
    const shown = cappable && !state.expanded.has(column) ? matching.filter((item, index) => index < COLUMN_CAP || pinned(keyOf({ column, id: item.id }))) : matching;
    const skippedBefore = new Map<string, number>();
    const drawn = new Set(shown);
    let skipped = 0;
    for (const item of matching) {
      if (!drawn.has(item)) skipped += 1;
      else if (skipped > 0) {
        skippedBefore.set(item.id, skipped);
        skipped = 0;
      }
    }
    for (const item of shown) shownKeys.add(keyOf({ column, id: item.id }));
    return { shown, matching: matching.length, cappable, skippedBefore };
  };
  return { large, columns: { source: windowOf('source'), kb: windowOf('kb'), app: windowOf('app') }, shownKeys };
}
