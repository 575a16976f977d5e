import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, ButtonBase, Collapse, IconButton, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { API_TEXTS, COPY_HINT_MS } from './api-source-rules';
import { childPath, previewValue, type PathStep } from './response-paths';

/** Items shown per array or object; the rest are counted, a preview needs no more. */
const SHOWN_CHILDREN = 50;
/** Levels open at first: the envelope and its lists; the first item of a list opens too, to show a record's fields. */
const OPEN_LEVELS = 2;
const FIRST_ITEM_LEVELS = 4;

const isBranch = (value: unknown): value is Record<string, unknown> | unknown[] => value !== null && typeof value === 'object';

function childrenOf(value: Record<string, unknown> | unknown[]): Array<[PathStep, unknown]> {
  return Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
}

function summaryOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length} ${value.length === 1 ? 'item' : 'items'}]`;
  if (isBranch(value)) return `{${Object.keys(value).length} ${Object.keys(value).length === 1 ? 'field' : 'fields'}}`;
  return previewValue(value, 80);
}

/** Copies a text: the Clipboard API where the page may use it, else a selected text area. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Not a secure context, or no permission: the older way still works on a click.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

interface NodeProps {
  name: PathStep;
  path: string;
  value: unknown;
  depth: number;
  copied: string | undefined;
  onCopy: (path: string) => void;
}

function TreeNode({ name, path, value, depth, copied, onCopy }: NodeProps) {
  const branch = isBranch(value);
  const [open, setOpen] = useState(depth < OPEN_LEVELS || (name === 0 && depth < FIRST_ITEM_LEVELS));
  const label = typeof name === 'number' ? `[${name}]` : name;
  const entries = branch && open ? childrenOf(value) : [];
  return (
    <Box component="li" role="treeitem" aria-expanded={branch ? open : undefined} aria-label={label} sx={{ listStyle: 'none' }} data-path={path}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 28 }}>
        {branch ? (
          <IconButton size="small" aria-label={`${open ? 'Collapse' : 'Expand'} ${label}`} onClick={() => setOpen(!open)} sx={{ p: 0.25 }}>
            {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
          </IconButton>
        ) : (
          <Box sx={{ width: 26 }} />
        )}
        <ButtonBase
          onClick={() => onCopy(path)}
          title={`Copy path ${path}`}
          aria-label={`Copy path ${path}`}
          sx={{ fontFamily: 'monospace', fontSize: 13, fontWeight: 600, color: 'primary.main', borderRadius: 0.5, px: 0.5, '&:hover': { bgcolor: 'action.hover' } }}
        >
          {label}
        </ButtonBase>
        <Typography component="span" variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' }}>
          {summaryOf(value)}
        </Typography>
        {copied === path && (
          <Typography component="span" role="status" variant="caption" color="success.main" sx={{ fontWeight: 600 }} data-testid="path-copied">
            {API_TEXTS.pathCopied}
          </Typography>
        )}
      </Box>
      {branch && (
        <Collapse in={open} unmountOnExit>
          <Box component="ul" role="group" sx={{ pl: 2.5, m: 0 }}>
            {entries.slice(0, SHOWN_CHILDREN).map(([key, child]) => (
              <TreeNode key={String(key)} name={key} path={childPath(path, key)} value={child} depth={depth + 1} copied={copied} onCopy={onCopy} />
            ))}
            {entries.length > SHOWN_CHILDREN && (
              <Typography component="li" variant="caption" color="text.secondary" sx={{ listStyle: 'none', pl: 4 }}>
                … and {entries.length - SHOWN_CHILDREN} more
              </Typography>
            )}
          </Box>
        </Collapse>
      )}
    </Box>
  );
}

/**
 * Spec 02: a tested response as a collapsible tree. Clicking a field name copies its path (dots and
 * [index], as mappings and the array path are written) and shows 'Path copied!' for 1 second.
 */
export function ResponseTree({ data }: { data: unknown }) {
  const [copied, setCopied] = useState<string | undefined>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = (path: string) => {
    void copyText(path).finally(() => {
      setCopied(path);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(undefined), COPY_HINT_MS);
    });
  };
  const roots: Array<[PathStep, unknown]> = isBranch(data) ? childrenOf(data) : [];
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, maxHeight: 420, overflow: 'auto', bgcolor: 'background.default' }}>
      {isBranch(data) ? (
        <Box component="ul" role="tree" aria-label="Response" sx={{ m: 0, p: 0 }}>
          {roots.slice(0, SHOWN_CHILDREN).map(([key, value]) => (
            <TreeNode key={String(key)} name={key} path={childPath('', key)} value={value} depth={0} copied={copied} onCopy={copy} />
          ))}
          {roots.length > SHOWN_CHILDREN && (
            <Typography component="li" variant="caption" color="text.secondary" sx={{ listStyle: 'none', pl: 4 }}>
              … and {roots.length - SHOWN_CHILDREN} more
            </Typography>
          )}
        </Box>
      ) : (
        <Typography component="pre" variant="body2" sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap', m: 0, overflowWrap: 'anywhere' }} aria-label="Response">
          {typeof data === 'string' ? data.slice(0, 20_000) : String(data)}
        </Typography>
      )}
    </Box>
  );
}
