/**
 * The paths of an API source (contract §14): `response.parsing.path`, `array_path` and the mapping's
 * source paths name a place in a parsed response with dots and `[index]`, e.g. `data.items[0].name`.
 * A leading `$` (as in `$.data`) is accepted and means the root; an empty path is the root too.
 * The server reads responses with these rules; the form can suggest paths that follow them.
 */
export type PathStep = string | number;

const KEY = /^[^.[\]]+/;
const INDEX = /^\[(\d+)\]/;

/** The steps of a path, or undefined when it does not follow the grammar ("a..b", "a[x]", "a[0]b"). */
export function parseRecordPath(path: string): PathStep[] | undefined {
  let rest = path.trim();
  if (/^\$(?=$|[.[])/.test(rest)) rest = rest.startsWith('$.') ? rest.slice(2) : rest.slice(1);
  const steps: PathStep[] = [];
  // A key comes at the start or after a dot; an index after anything but a dot.
  let expectKey = true;
  let afterDot = false;
  while (rest.length > 0) {
    const index = INDEX.exec(rest);
    if (index) {
      if (afterDot) return undefined;
      steps.push(Number(index[1]));
      rest = rest.slice(index[0].length);
      expectKey = false;
      continue;
    }
    if (rest.startsWith('.')) {
      if (steps.length === 0 || afterDot || rest.length === 1) return undefined;
      rest = rest.slice(1);
      expectKey = true;
      afterDot = true;
      continue;
    }
    const key = KEY.exec(rest);
    if (!key || !expectKey) return undefined;
    steps.push(key[0]);
    rest = rest.slice(key[0].length);
    expectKey = false;
    afterDot = false;
  }
  return afterDot ? undefined : steps;
}

export function isValidRecordPath(path: string): boolean {
  return parseRecordPath(path) !== undefined;
}

/** The value at `steps` inside `value`, or undefined when something on the way is missing. */
export function readRecordPath(value: unknown, steps: readonly PathStep[]): unknown {
  let current = value;
  for (const step of steps) {
    if (current === null || typeof current !== 'object') return undefined;
    if (typeof step === 'number') {
      if (!Array.isArray(current)) return undefined;
      current = current[step];
    } else {
      if (Array.isArray(current) || !Object.prototype.hasOwnProperty.call(current, step)) return undefined;
      current = (current as Record<string, unknown>)[step];
    }
  }
  return current;
}
