import { describe, expect, it } from 'vitest';
import { COLUMN_CAP, LARGE_PAGE, pageView, type Named, type PageState } from './large-page';
import { chainOf, chainsOf, linksOf, type Column, type ResourceGraph } from './resource-chain';

/** 120 sources, 6 knowledge bases of 20 sources each, 3 applications over two knowledge bases each. */
function largeGraph(): ResourceGraph {
  const pad = (index: number) => String(index + 1).padStart(3, '0');
  return {
    dataSources: Array.from({ length: 120 }, (_, index) => ({ id: `s${pad(index)}`, name: `Report ${pad(index)}.txt`, type: 'file' as const, source_type: 'file_upload', status: 'active', metadata: { display_path: `Home/Report ${pad(index)}.txt` } })),
    knowledgeBases: Array.from({ length: 6 }, (_, kb) => ({
      id: `k${kb + 1}`,
      name: `KB ${kb + 1}`,
      description: '',
      status: 'ready',
      source_type: 'files',
      data_source_ids: Array.from({ length: 20 }, (_, index) => `s${pad(kb * 20 + index)}`),
    })),
    applications: Array.from({ length: 3 }, (_, app) => ({ id: `a${app + 1}`, name: `App ${app + 1}`, description: '', enabled: true, status: 'ready', index_ids: [`k${app * 2 + 1}`, `k${app * 2 + 2}`] })),
    truncated: false,
  };
}

function columnsOf(graph: ResourceGraph): Record<Column, Named[]> {
  return { source: graph.dataSources, kb: graph.knowledgeBases, app: graph.applications };
}

const idle: PageState = { query: '', chain: undefined, expanded: new Set() };
const ids = (items: Named[]) => items.map((item) => item.id);

describe('a large dashboard page (D-DASH-2)', () => {
  const graph = largeGraph();
  const links = linksOf(graph);

  it('leaves a small page whole: no cap, and Find narrows nothing', () => {
    const small: ResourceGraph = { ...graph, dataSources: graph.dataSources.slice(0, LARGE_PAGE - 9) };
    const view = pageView(columnsOf(small), linksOf(small), { ...idle, query: 'Report 001' });
    expect(view.large).toBe(false);
    expect(view.columns.source.shown).toHaveLength(LARGE_PAGE - 9);
    expect(view.columns.source.cappable).toBe(false);
    expect(view.shownKeys.size).toBe(LARGE_PAGE);
  });

  it('cuts a long column to its first items until Show all, and leaves short columns whole', () => {
    const view = pageView(columnsOf(graph), links, idle);
    expect(view.large).toBe(true);
    expect(ids(view.columns.source.shown)).toEqual(ids(graph.dataSources.slice(0, COLUMN_CAP)));
    expect(view.columns.source).toMatchObject({ matching: 120, cappable: true });
    expect(view.columns.kb).toMatchObject({ matching: 6, cappable: false });
    expect(view.columns.kb.shown).toHaveLength(6);
    expect(view.shownKeys.has('source:s050')).toBe(true);
    expect(view.shownKeys.has('source:s051')).toBe(false);

    const all = pageView(columnsOf(graph), links, { ...idle, expanded: new Set(['source']) });
    expect(all.columns.source.shown).toHaveLength(120);
    expect(all.columns.source.cappable).toBe(true);
  });

  it("shows a selected item's whole chain past the cap, in the column's order", () => {
    const view = pageView(columnsOf(graph), links, { ...idle, chain: chainOf({ column: 'kb', id: 'k6' }, links) });
    const shown = ids(view.columns.source.shown);
    expect(shown).toHaveLength(COLUMN_CAP + 20);
    expect(shown.slice(COLUMN_CAP)).toEqual(ids(graph.dataSources.slice(100, 120)));
    // The jump from Report 050 to Report 101 is marked.
    expect([...view.columns.source.skippedBefore]).toEqual([['s101', 50]]);
    expect(pageView(columnsOf(graph), links, idle).columns.source.skippedBefore.size).toBe(0);
  });

  it('narrows every column to the items whose name holds the text, with their chains', () => {
    const view = pageView(columnsOf(graph), links, { ...idle, query: '  report 105 ' });
    expect(ids(view.columns.source.shown)).toEqual(['s105']);
    expect(ids(view.columns.kb.shown)).toEqual(['k6']);
    expect(ids(view.columns.app.shown)).toEqual(['a3']);

    // A knowledge base brings its sources and its applications, not the other knowledge bases of those.
    const kb = pageView(columnsOf(graph), links, { ...idle, query: 'KB 2' });
    expect(ids(kb.columns.source.shown)).toEqual(ids(graph.dataSources.slice(20, 40)));
    expect(ids(kb.columns.kb.shown)).toEqual(['k2']);
    expect(ids(kb.columns.app.shown)).toEqual(['a1']);

    const none = pageView(columnsOf(graph), links, { ...idle, query: 'nothing like it' });
    expect(none.shownKeys.size).toBe(0);
  });

  it('caps what Find leaves when it is still long, and keeps the selected chain shown through Find', () => {
    const reports = pageView(columnsOf(graph), links, { ...idle, query: 'report' });
    expect(reports.columns.source).toMatchObject({ matching: 120, cappable: true });
    expect(reports.columns.source.shown).toHaveLength(COLUMN_CAP);

    // Report 105 is found; KB 6 was clicked, so its other 19 sources stay on the page.
    const clicked = pageView(columnsOf(graph), links, { ...idle, query: 'Report 105', chain: chainOf({ column: 'kb', id: 'k6' }, links) });
    expect(ids(clicked.columns.source.shown)).toEqual(ids(graph.dataSources.slice(100, 120)));
  });
});

describe('chains of several items', () => {
  const links = linksOf(largeGraph());

  it('is the union of each chain, walking up from a start that lies below another', () => {
    const chain = chainsOf(
      [
        { column: 'kb', id: 'k1' },
        { column: 'app', id: 'a1' },
      ],
      links,
    );
    // a1 is below k1, and a1's own chain brings k2 and k2's sources.
    expect(chain.has('kb:k2')).toBe(true);
    expect(chain.has('source:s040')).toBe(true);
    expect(chain.has('kb:k3')).toBe(false);
    expect(chain.size).toBe(1 + 2 + 40);
  });
});
