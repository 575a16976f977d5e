import { formatDate } from '../format';

/** Spec 02's texts of a website's or an API's list row: its usage badge, tooltip and date line. */
export const SOURCE_ROW_TEXTS = {
  inUse: 'In Use',
  notUsed: 'Not Used',
  usedIn: 'Used in Knowledge Bases:',
  notUsedHint: 'Not used by any knowledge base',
  unknownDate: 'Unknown date',
} as const;

/** The usage badge's tooltip: 'Used in Knowledge Bases:' and one knowledge base a line, or the hint that none uses it. */
export function usageTooltip(usedBy: ReadonlyArray<{ name: string }>): string {
  return usedBy.length === 0 ? SOURCE_ROW_TEXTS.notUsedHint : [SOURCE_ROW_TEXTS.usedIn, ...usedBy.map((kb) => kb.name)].join('\n');
}

/** 'Created on' when created equals updated, otherwise 'Updated on'; 'Unknown date' if missing. */
export function dateLine(source: { created_at?: string | null; updated_at?: string | null }): string {
  const known = (value: string | null | undefined) => Boolean(value) && !Number.isNaN(new Date(value ?? '').getTime());
  if (known(source.updated_at) && source.updated_at !== source.created_at) return `Updated on ${formatDate(source.updated_at)}`;
  if (known(source.created_at)) return `Created on ${formatDate(source.created_at)}`;
  return SOURCE_ROW_TEXTS.unknownDate;
}
