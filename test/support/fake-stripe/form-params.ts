/**
 * Stripe's request encoding, read back: `stripe` sends application/x-www-form-urlencoded bodies
 * and query strings in bracket notation (`items[0][price]=p`, `metadata[planId]=starter`,
 * `expand[0]=schedule`). `qs` is not installed here, so this is the small part of it the fake needs:
 * nested objects, and arrays where every key of a level is an index.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function keyPath(name: string): string[] {
  const head = name.split('[', 1)[0]!;
  const rest = [...name.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]!);
  return [head, ...rest];
}

function arraysOf(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, arraysOf(inner)] as const);
  const indexed = entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key));
  if (indexed) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner);
  return Object.fromEntries(entries);
}

export function parseFormParams(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [name, value] of new URLSearchParams(encoded)) {
    const path = keyPath(name);
    let node: FormObject = root;
    path.forEach((key, index) => {
      // `a[]=x` appends, as qs reads it.
      const slot = key === '' ? String(Object.keys(node).length) : key;
      if (index === path.length - 1) {
        node[slot] = value;
        return;
      }
      if (typeof node[slot] !== 'object' || node[slot] === null) node[slot] = {};
      node = node[slot] as FormObject;
    });
  }
  return arraysOf(root) as FormObject;
}
