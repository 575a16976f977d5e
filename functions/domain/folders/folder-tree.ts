import { ROOT_FOLDER_NAME, type FolderRecord } from './folder-record';

/**
 * The organization's folder tree as read in one Query, with everything §10 derives when read:
 * level, path tokens, full path, subtrees. A folder whose parent chain does not reach the root
 * (an ancestor was deleted and the purge has not reached it yet) is not part of the tree, which is
 * how a deleted subtree disappears from every read at once.
 */
export class FolderTree {
  readonly root: FolderRecord;
  private readonly byId = new Map<string, FolderRecord>();
  private readonly children = new Map<string, FolderRecord[]>();
  private readonly levels = new Map<string, number>();

  constructor(
    folders: readonly FolderRecord[],
    /** The folder Query hit the §1.5 bound. */
    readonly truncated = false,
  ) {
    const root = folders.find((folder) => folder.is_root);
    if (!root) throw new Error('Folder tree without a root');
    this.root = root;
    const childrenOf = new Map<string, FolderRecord[]>();
    for (const folder of folders) {
      if (folder.is_root || folder.parent_id === null) continue;
      childrenOf.set(folder.parent_id, [...(childrenOf.get(folder.parent_id) ?? []), folder]);
    }
    // Breadth-first from the root: only what is reachable is live, and a corrupt cycle cannot loop.
    const queue: Array<[FolderRecord, number]> = [[root, 0]];
    while (queue.length > 0) {
      const [folder, level] = queue.shift() as [FolderRecord, number];
      if (this.byId.has(folder.id)) continue;
      this.byId.set(folder.id, folder);
      this.levels.set(folder.id, level);
      const kids = (childrenOf.get(folder.id) ?? []).sort(byName);
      this.children.set(folder.id, kids);
      for (const child of kids) queue.push([child, level + 1]);
    }
  }

  get(id: string | null | undefined): FolderRecord | undefined {
    return id ? this.byId.get(id) : undefined;
  }

  has(id: string | null | undefined): boolean {
    return id ? this.byId.has(id) : false;
  }

  /** Every live folder. */
  all(): FolderRecord[] {
    return [...this.byId.values()];
  }

  childrenOf(id: string): FolderRecord[] {
    return this.children.get(id) ?? [];
  }

  level(id: string): number {
    return this.levels.get(id) ?? 0;
  }

  /** Root first, the folder last. */
  chain(id: string): FolderRecord[] {
    const chain: FolderRecord[] = [];
    for (let folder = this.get(id); folder; folder = folder.parent_id ? this.get(folder.parent_id) : undefined) chain.unshift(folder);
    return chain;
  }

  pathTokens(id: string): string[] {
    return this.chain(id).map((folder) => (folder.is_root ? ROOT_FOLDER_NAME : folder.name));
  }

  fullPath(id: string): string {
    return this.pathTokens(id).join('/');
  }

  /** The folder and every live folder below it, depth-first by name. */
  subtree(id: string): FolderRecord[] {
    const start = this.get(id);
    if (!start) return [];
    const out: FolderRecord[] = [];
    const visit = (folder: FolderRecord) => {
      out.push(folder);
      for (const child of this.childrenOf(folder.id)) visit(child);
    };
    visit(start);
    return out;
  }

  /** How many levels the subtree reaches below the folder itself (0 for a leaf). */
  heightBelow(id: string): number {
    const base = this.level(id);
    return Math.max(0, ...this.subtree(id).map((folder) => this.level(folder.id) - base));
  }

  isSelfOrDescendant(candidateId: string, ancestorId: string): boolean {
    return this.chain(candidateId).some((folder) => folder.id === ancestorId);
  }
}

function byName(a: FolderRecord, b: FolderRecord): number {
  return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id);
}
