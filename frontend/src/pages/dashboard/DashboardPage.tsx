import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, CircularProgress, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { ResourceArrows, type Anchor } from './ResourceArrows';
import { ResourceColumn, type ColumnItem } from './ResourceColumn';
import { chainOf, isInChain, linksOf, type Column, type Link, type ResourceGraph, type Selection } from './resource-chain';

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
  }, [data, wide]);

  const select = (column: Column, id: string) => setSelection((current) => (current?.column === column && current.id === id ? undefined : { column, id }));

  const sources: ColumnItem[] = (data?.dataSources ?? []).map((source) => ({ id: source.id, name: source.name, detail: source.metadata.display_path, status: source.status, accent: SOURCE_COLOURS[source.type] }));
  const knowledgeBases: ColumnItem[] = (data?.knowledgeBases ?? []).map((kb) => ({ id: kb.id, name: kb.name, detail: kb.description || undefined, status: kb.status, accent: theme.palette.secondary.main }));
  const applications: ColumnItem[] = (data?.applications ?? []).map((app) => ({ id: app.id, name: app.name, detail: app.description || undefined, status: app.enabled ? app.status : 'disabled', accent: theme.palette.success.main }));
  const empty = data && sources.length + knowledgeBases.length + applications.length === 0;

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
            {wide && <ResourceArrows links={links} anchors={layout.anchors} width={layout.width} height={layout.height} chain={chain} colours={SOURCE_COLOURS} />}
            <ResourceColumn
              column="source"
              title="Data Sources"
              items={sources}
              inChain={(id) => isInChain(chain, 'source', id)}
              selectedId={selection?.column === 'source' ? selection.id : undefined}
              onSelect={(id) => select('source', id)}
              register={register}
              footer={
                data.truncated ? (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                    Showing the first {sources.length} data sources.
                  </Typography>
                ) : undefined
              }
            />
            <ResourceColumn
              column="kb"
              title="Knowledge Bases"
              items={knowledgeBases}
              inChain={(id) => isInChain(chain, 'kb', id)}
              selectedId={selection?.column === 'kb' ? selection.id : undefined}
              onSelect={(id) => select('kb', id)}
              register={register}
            />
            <ResourceColumn
              column="app"
              title="RAG Applications"
              items={applications}
              inChain={(id) => isInChain(chain, 'app', id)}
              selectedId={selection?.column === 'app' ? selection.id : undefined}
              onSelect={(id) => select('app', id)}
              register={register}
            />
          </Box>
        </>
      )}
    </Box>
  );
}

export function ResourcesPage() {
  return <DashboardPage variant="refresh" />;
}
