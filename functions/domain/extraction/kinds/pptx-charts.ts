import type JSZip from 'jszip';
import { asArray, readPart, xmlParser } from '../ooxml-package';

type Node = Record<string, unknown>;

/** Every value under `key` anywhere below `node`, in document order. */
function descendants(node: unknown, key: string): unknown[] {
  if (node === null || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap((each) => descendants(each, key));
  return Object.entries(node as Node).flatMap(([name, value]) => (name === key ? asArray(value) : descendants(value, key)));
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'object' && value !== null && '#text' in value ? String((value as Node)['#text']) : '');

/** A rich-text title's words (`a:t` runs), or a title taken from a cell (`c:strCache`). */
function titleText(title: unknown): string {
  const runs = descendants(title, 'a:t').map(textOf).join('');
  return (runs || descendants(title, 'c:v').map(textOf).join(' ')).replace(/\s+/g, ' ').trim();
}

/** A cache's points by their index: categories and values line up by `idx`, not by position. */
function points(node: unknown): Map<string, string> {
  const byIndex = new Map<string, string>();
  for (const point of descendants(node, 'c:pt')) {
    const index = String((point as Node).idx ?? byIndex.size);
    const value = descendants(point, 'c:v').map(textOf).join(' ').trim();
    if (value) byIndex.set(index, byIndex.has(index) ? `${byIndex.get(index)} ${value}` : value);
  }
  return byIndex;
}

/**
 * A chart's text as short lines (ppt/charts/chart*.xml): its title, its axes' titles, then one line
 * per data point, "category: value", prefixed by the series' name when the chart has several. The
 * figures of a chart are often what a deck says and nowhere else in words.
 */
export async function chartLines(zip: JSZip, path: string): Promise<string[]> {
  const xml = await readPart(zip, path);
  if (!xml) return [];
  let parsed: unknown;
  try {
    parsed = xmlParser.parse(xml);
  } catch {
    return [];
  }
  const chart = descendants(parsed, 'c:chart')[0];
  if (!chart) return [];
  const lines: string[] = [];
  const title = titleText(descendants(chart, 'c:title')[0]);
  if (title) lines.push(title);
  const plotArea = descendants(chart, 'c:plotArea')[0];
  const series = descendants(plotArea, 'c:ser');
  for (const one of series) {
    const name = titleText((one as Node)['c:tx']);
    const categories = points((one as Node)['c:cat'] ?? (one as Node)['c:xVal']);
    const values = points((one as Node)['c:val'] ?? (one as Node)['c:yVal']);
    for (const [index, value] of values) {
      const category = categories.get(index);
      const label = [series.length > 1 ? name : '', category ?? ''].filter(Boolean).join(', ');
      lines.push(label ? `${label}: ${value}` : value);
    }
  }
  for (const axis of ['c:catAx', 'c:valAx', 'c:dateAx', 'c:serAx'].flatMap((key) => descendants(plotArea, key))) {
    const axisTitle = titleText((axis as Node)['c:title']);
    if (axisTitle) lines.push(axisTitle);
  }
  return lines;
}
