import { describe, expect, it } from 'vitest';
import { chainOf, linksOf, type ResourceGraph } from './resource-chain';

const graph: ResourceGraph = {
  dataSources: [
    { id: 's1', name: 'a.txt', type: 'file', source_type: 'file_upload', status: 'active', metadata: { display_path: 'Home/a.txt' } },
    { id: 's2', name: 'b.txt', type: 'file', source_type: 'file_upload', status: 'active', metadata: { display_path: 'Home/b.txt' } },
    { id: 's3', name: 'c.txt', type: 'drive', source_type: 'drive_sync', status: 'active', metadata: { display_path: 'Home/c.txt' } },
  ],
  knowledgeBases: [
    { id: 'k1', name: 'One', description: '', status: 'ready', source_type: 'files', data_source_ids: ['s1', 's2'] },
    { id: 'k2', name: 'Two', description: '', status: 'ready', source_type: 'files', data_source_ids: ['s3', 'gone'] },
  ],
  applications: [
    { id: 'a1', name: 'App', description: '', enabled: true, status: 'ready', index_ids: ['k1', 'k2'] },
    { id: 'a2', name: 'Other', description: '', enabled: true, status: 'ready', index_ids: ['k2'] },
  ],
  truncated: false,
};

describe('resource chains (spec 03 §2)', () => {
  const links = linksOf(graph);

  it('links sources to knowledge bases and those to applications, coloured by source type', () => {
    expect(links).toHaveLength(3 + 3);
    expect(links.find((link) => link.from.id === 's3')?.colour).toBe('drive');
    expect(links.find((link) => link.from.id === 'k2' && link.to.id === 'a2')?.colour).toBe('drive');
  });

  it('follows a source down to its applications, not across', () => {
    expect([...chainOf({ column: 'source', id: 's1' }, links)].sort()).toEqual(['app:a1', 'kb:k1', 'source:s1']);
  });

  it('follows a knowledge base both ways and an application up', () => {
    expect([...chainOf({ column: 'kb', id: 'k2' }, links)].sort()).toEqual(['app:a1', 'app:a2', 'kb:k2', 'source:s3']);
    expect([...chainOf({ column: 'app', id: 'a2' }, links)].sort()).toEqual(['app:a2', 'kb:k2', 'source:s3']);
  });
});
