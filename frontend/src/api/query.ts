/** Builds an API path with a query string, leaving out empty values so SWR keys stay canonical. */
export function withQuery(path: string, params: Record<string, string | number | boolean | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
