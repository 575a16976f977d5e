import { describe, expect, it } from 'vitest';
import { fileDeltas, subtreeDeltas } from './folder-counters';
import { ZERO_COUNTERS, type FolderRecord } from './folder-record';
import { FolderTree } from './folder-tree';

function folder(id: string, parent: string | null, name = id, counters: Partial<FolderRecord> = {}): FolderRecord {
  return {
    id,
    organization_id: 'org_1',
    name,
    parent_id: parent,
    is_root: parent === null,
    description: '',
    created_by: 'usr_1',
    created_by_name: 'Ann',
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    version: 1,
    ...ZERO_COUNTERS,
    ...counters,
  };
}

// root ─ b ─ b1
//      └ a ─ a1 ─ a2
//  orphan (parent deleted) ─ orphanChild
const FOLDERS = [folder('root', null), folder('b', 'root', 'Beta'), folder('b1', 'b', 'beta one'), folder('a', 'root', 'alpha'), folder('a1', 'a', 'Alpha one'), folder('a2', 'a1', 'deep'), folder('orphan', 'gone'), folder('orphanChild', 'orphan')];

describe('FolderTree', () => {
  const tree = new FolderTree(FOLDERS);

  it('derives levels, tokens and full paths from the parent chain; the root reads "Home"', () => {
    expect(tree.level('root')).toBe(0);
    expect(tree.level('a2')).toBe(3);
    expect(tree.pathTokens('a2')).toEqual(['Home', 'alpha', 'Alpha one', 'deep']);
    expect(tree.fullPath('b1')).toBe('Home/Beta/beta one');
  });

  it('keeps only folders reachable from the root: a deleted subtree is gone at once', () => {
    expect(tree.has('orphan')).toBe(false);
    expect(tree.has('orphanChild')).toBe(false);
    expect(tree.all().map((each) => each.id).sort()).toEqual(['a', 'a1', 'a2', 'b', 'b1', 'root']);
  });

  it('lists subtrees depth-first with siblings by name, case-insensitively', () => {
    expect(tree.subtree('root').map((each) => each.id)).toEqual(['root', 'a', 'a1', 'a2', 'b', 'b1']);
    expect(tree.childrenOf('root').map((each) => each.name)).toEqual(['alpha', 'Beta']);
  });

  it('knows heights and descendants for the move rules', () => {
    expect(tree.heightBelow('a')).toBe(2);
    expect(tree.heightBelow('a2')).toBe(0);
    expect(tree.isSelfOrDescendant('a2', 'a')).toBe(true);
    expect(tree.isSelfOrDescendant('a', 'a')).toBe(true);
    expect(tree.isSelfOrDescendant('b', 'a')).toBe(false);
  });

  it('survives a corrupt cycle without looping', () => {
    const cyclic = new FolderTree([folder('root', null), folder('x', 'y'), folder('y', 'x')]);
    expect(cyclic.all().map((each) => each.id)).toEqual(['root']);
  });
});

describe('folder counter deltas', () => {
  const tree = new FolderTree(FOLDERS);

  it('counts a file directly in its folder and in every ancestor total', () => {
    const deltas = fileDeltas(tree, 'a1', 1, 500);
    expect(deltas.get('a1')).toEqual({ direct_file_count: 1, total_file_count: 1, total_size: 500 });
    expect(deltas.get('a')).toEqual({ total_file_count: 1, total_size: 500 });
    expect(deltas.get('root')).toEqual({ total_file_count: 1, total_size: 500 });
    expect(deltas.has('b')).toBe(false);
  });

  it('nets a move between chains to nothing on the common ancestors', () => {
    const deltas = fileDeltas(tree, 'a2', -1, -70);
    fileDeltas(tree, 'b1', 1, 70, deltas);
    expect(deltas.get('root')).toEqual({ total_file_count: 0, total_size: 0 });
    expect(deltas.get('a2')).toEqual({ direct_file_count: -1, total_file_count: -1, total_size: -70 });
    expect(deltas.get('b')).toEqual({ total_file_count: 1, total_size: 70 });
  });

  it('moves a whole subtree: the folder counts as one subfolder plus its own totals', () => {
    const moved = { ...ZERO_COUNTERS, total_file_count: 3, total_subfolder_count: 1, total_size: 900 };
    const deltas = subtreeDeltas(tree, 'a', moved, -1);
    subtreeDeltas(tree, 'b', moved, 1, deltas);
    expect(deltas.get('a')).toEqual({ direct_subfolder_count: -1, total_subfolder_count: -2, total_file_count: -3, total_size: -900 });
    expect(deltas.get('b')).toEqual({ direct_subfolder_count: 1, total_subfolder_count: 2, total_file_count: 3, total_size: 900 });
    expect(deltas.get('root')).toEqual({ total_subfolder_count: 0, total_file_count: 0, total_size: 0 });
  });

  it('ignores a folder that is not in the tree (a purge of a deleted subtree)', () => {
    expect(fileDeltas(tree, 'orphan', -1, -10).size).toBe(0);
  });
});
