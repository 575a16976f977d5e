/** The §22.1 answer, as the dashboard draws it. */
export interface DashboardSource {
  id: string;
  name: string;
  type: 'file' | 'web' | 'api' | 'drive';
  source_type: string;
  status: string;
  metadata: { display_path: string };
}
export interface DashboardKnowledgeBase {
  id: string;
  name: string;
  description: string;
  status: string;
  source_type: string;
  data_source_ids: string[];
}
export interface DashboardApplication {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
  status: string;
  index_ids: string[];
}
export interface ResourceGraph {
  dataSources: DashboardSource[];
  knowledgeBases: DashboardKnowledgeBase[];
  applications: DashboardApplication[];
  truncated: boolean;
}

export type Column = 'source' | 'kb' | 'app';
export interface Selection {
  column: Column;
  id: string;
}

export interface Link {
  from: Selection;
  to: Selection;
  /** The source type the link descends from: one arrow colour each (spec 03 §2). */
  colour: DashboardSource['type'];
}

/** Every drawn arrow: source → knowledge base and knowledge base → application. */
export function linksOf(graph: ResourceGraph): Link[] {
  const sources = new Map(graph.dataSources.map((source) => [source.id, source]));
  const kbColour = new Map<string, DashboardSource['type']>();
  const links: Link[] = [];
  for (const kb of graph.knowledgeBases) {
    for (const sourceId of kb.data_source_ids) {
      const source = sources.get(sourceId);
      if (!source) continue;
      kbColour.set(kb.id, kbColour.get(kb.id) ?? source.type);
      links.push({ from: { column: 'source', id: sourceId }, to: { column: 'kb', id: kb.id }, colour: source.type });
    }
  }
  const kbIds = new Set(graph.knowledgeBases.map((kb) => kb.id));
  for (const app of graph.applications) {
    for (const kbId of app.index_ids) {
      if (kbIds.has(kbId)) links.push({ from: { column: 'kb', id: kbId }, to: { column: 'app', id: app.id }, colour: kbColour.get(kbId) ?? 'file' });
    }
  }
  return links;
}

export const keyOf = (item: Selection) => `${item.column}:${item.id}`;

/**
 * The chain through a clicked item (spec 03 §2): upstream and downstream along the arrows, but
 * never sideways, so clicking a knowledge base lights its sources and its applications and not
 * the other knowledge bases those applications use.
 */
export function chainOf(selection: Selection, links: readonly Link[]): Set<string> {
  return chainsOf([selection], links);
}

/**
 * The union of the chains through each of `starts`: what is downstream of any of them and what
 * is upstream of any of them. The two walks keep separate trails, so a start lying downstream of
 * another start is still walked up from.
 */
export function chainsOf(starts: readonly Selection[], links: readonly Link[]): Set<string> {
  const down = new Map<string, Selection[]>();
  const up = new Map<string, Selection[]>();
  const connect = (edges: Map<string, Selection[]>, from: Selection, to: Selection) => {
    const known = edges.get(keyOf(from));
    if (known) known.push(to);
    else edges.set(keyOf(from), [to]);
  };
  for (const link of links) {
    connect(down, link.from, link.to);
    connect(up, link.to, link.from);
  }
  const chain = new Set(starts.map(keyOf));
  for (const edges of [down, up]) {
    const seen = new Set(starts.map(keyOf));
    const queue = [...starts];
    for (let next = queue.shift(); next; next = queue.shift()) {
      for (const neighbour of edges.get(keyOf(next)) ?? []) {
        if (seen.has(keyOf(neighbour))) continue;
        seen.add(keyOf(neighbour));
        chain.add(keyOf(neighbour));
        queue.push(neighbour);
      }
    }
  }
  return chain;
}

export const isInChain = (chain: Set<string> | undefined, column: Column, id: string) => !chain || chain.has(`${column}:${id}`);
