import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, CircularProgress, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { pageView } from './large-page';
import { ResourceArrows, type Anchor } from './ResourceArrows';
import { ResourceColumn, type ColumnItem } from './ResourceColumn';
import { chainOf, isInChain, keyOf, linksOf, type Column, type Link, type ResourceGraph, type Selection } from './resource-chain';

/** One colour per source type (spec 03 §2: four arrow colours). */
const SOURCE_COLOURS: Record<Link['colour'], string> = { file: '#1976d2', web: '#2e7d32', api: '#ed6c02', drive: '#9c27b0' };
const SOURCE_LABEL: Record<Link['colour'], string> = { file: 'Files', web: 'Websites', api: 'APIs', drive: 'Google Drive' };

/**
 * Resource Relationships (spec 03 §2, contract §22.1): the admin's landing page. `/resources` is
 * the documents' second variant, with a description and a Refresh button.
 */
export function DashboardPage({ variant = 'landing' }: { variant?: 'landing' | 'refresh' }) {
  const { data, error, isLoading, mutate, isValidating } = useSWR<ResourceGraph>('/api/dashboard/resources');
  const [selection, setSelection] = useState<Selection | undefined>();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const links = useMemo(() => (data ? linksOf(data) : []), [data]);
  const chain = useMemo(() => (selection ? chainOf(selection, links) : undefined), [selection, links]);
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<Column>>(new Set());

  const columns = useMemo(
    () => ({
      source: (data?.dataSources ?? []).map((source): ColumnItem => ({ id: source.id, name: source.name, detail: source.metadata.display_path, status: source.status, accent: SOURCE_COLOURS[source.type] })),
      kb: (data?.knowledgeBases ?? []).map((kb): ColumnItem => ({ id: kb.id, name: kb.name, detail: kb.description || undefined, status: kb.status, accent: theme.palette.secondary.main })),
      app: (data?.applications ?? []).map((app): ColumnItem => ({ id: app.id, name: app.name, detail: app.description || undefined, status: app.enabled ? app.status : 'disabled', accent: theme.palette.success.main })),
    }),
    [data, theme],
  );
  // A large organization's page is narrowed by Find and cut by a cap per column (D-DASH-2).
  const view = useMemo(() => pageView(columns, links, { query, chain, expanded }), [columns, links, query, chain, expanded]);
  const shownLinks = useMemo(() => links.filter((link) => view.shownKeys.has(keyOf(link.from)) && view.shownKeys.has(keyOf(link.to))), [links, view]);
  const narrowed = view.large && query.trim() !== '';

  const container = useRef<HTMLDivElement | null>(null);
  const elements = useRef(new Map<string, HTMLElement>());
  const [layout, setLayout] = useState<{ anchors: Map<string, Anchor>; width: number; height: number }>({ anchors: new Map(), width: 0, height: 0 });
  const register = useCallback((column: Column, id: string, element: HTMLElement | null) => {
    const key = `${column}:${id}`;
    if (element) elements.current.set(key, element);
    else elements.current.delete(key);
  }, []);

  // Arrows follow the boxes: measured after every render that can move them, and on resize.
  useLayoutEffect(() => {
    const box = container.current;
    if (!box || !wide) return;
    const measure = () => {
      const origin = box.getBoundingClientRect();
      const anchors = new Map<string, Anchor>();
      for (const [key, element] of elements.current) {
        const rect = element.getBoundingClientRect();
        anchors.set(key, { left: rect.left - origin.left, right: rect.right - origin.left, middle: rect.top - origin.top + rect.height / 2 });
      }
      setLayout({ anchors, width: box.scrollWidth, height: box.scrollHeight });
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [view, wide]);

  const select = (column: Column, id: string) => setSelection((current) => (current?.column === column && current.id === id ? undefined : { column, id }));
  const toggle = (column: Column) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(column)) next.add(column);
      return next;
    });
  // A new search is a new question: the old selection's chain would otherwise stay pinned among the matches.
  const find = (text: string) => {
    setQuery(text);
    setSelection(undefined);
  };
  const columnProps = (column: Column) => ({
    column,
    items: view.columns[column].shown,
    total: columns[column].length,
    matching: view.columns[column].matching,
    narrowed,
    capped: view.columns[column].cappable ? (expanded.has(column) ? ('expanded' as const) : ('capped' as const)) : undefined,
    skippedBefore: view.columns[column].skippedBefore,
    onToggle: () => toggle(column),
    inChain: (id: string) => isInChain(chain, column, id),
    selectedId: selection?.column === column ? selection.id : undefined,
    onSelect: (id: string) => select(column, id),
    register,
  });

  const empty = data && columns.source.length + columns.kb.length + columns.app.length === 0;

  return (
    <Box>
      <PageHeader
        title={variant === 'refresh' ? 'Resource Relationships' : 'Dashboard'}
        subtitle={variant === 'refresh' ? 'How your data sources feed knowledge bases, and which RAG applications use them. Click an item to follow its chain.' : undefined}
        action={
          variant === 'refresh' ? (
            <Button startIcon={<RefreshIcon />} onClick={() => void mutate()} disabled={isValidating}>
              Refresh
            </Button>
          ) : undefined
        }
      />
      {error && <ErrorAlert title="Failed to load data" error={error} sx={{ mb: 2 }} />}
      {isLoading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading resources" />
        </Box>
      )}
      {empty && <Alert severity="info">No resources found. Please add some data sources, knowledge bases, or RAG applications.</Alert>}
      {data && !empty && (
        <>
          {view.large && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
              <SearchField value={query} onChange={find} label="Find" placeholder="Find by name" testId="dashboard-find" />
              <Typography variant="caption" color="text.secondary" role="status">
                {narrowed && view.shownKeys.size === 0 ? 'Nothing here has that in its name.' : 'Shows the items whose name holds the text, with what they are linked to.'}
              </Typography>
            </Box>
          )}
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }} aria-label="Arrow colours">
            {Object.entries(SOURCE_COLOURS).map(([type, colour]) => (
              <Box key={type} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
                <Box sx={{ width: 18, height: 3, bgcolor: colour, borderRadius: 1 }} />
                <Typography variant="caption">{SOURCE_LABEL[type as Link['colour']]}</Typography>
              </Box>
            ))}
            {selection && (
              <Button size="small" onClick={() => setSelection(undefined)} sx={{ ml: 'auto' }}>
                Clear selection
              </Button>
            )}
          </Box>
          <Box ref={container} sx={{ position: 'relative', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, columnGap: { md: 10 }, rowGap: 4 }}>
            {wide && <ResourceArrows links={shownLinks} anchors={layout.anchors} width={layout.width} height={layout.height} chain={chain} colours={SOURCE_COLOURS} />}
            <ResourceColumn
              {...columnProps('source')}
              title="Data Sources"
              footer={
                data.truncated ? (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                    Showing the first {columns.source.length} data sources.
                  </Typography>
                ) : undefined
              }
            />
            <ResourceColumn {...columnProps('kb')} title="Knowledge Bases" />
            <ResourceColumn {...columnProps('app')} title="RAG Applications" />
          </Box>
        </>
      )}
    </Box>
  );
}

export function ResourcesPage() {
  return <DashboardPage variant="refresh" />;
}
