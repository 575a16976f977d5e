/** A contract date (ISO-8601) as a short local date; missing or unreadable dates show a dash. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

const ROLE_LABELS: Record<string, string> = { system_admin: 'System admin', admin: 'Admin', user: 'User', rag_user: 'RAG user' };

/** A contract role (§1.3) as the tables show it. */
export function roleLabel(role: string): string {
  return ROLE_LABELS[role] ?? role;
}
