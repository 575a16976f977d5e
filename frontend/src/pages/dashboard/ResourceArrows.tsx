import { useTheme } from '@mui/material';
import type { Link } from './resource-chain';

export interface Anchor {
  left: number;
  right: number;
  middle: number;
}

interface ResourceArrowsProps {
  links: Link[];
  anchors: Map<string, Anchor>;
  width: number;
  height: number;
  chain: Set<string> | undefined;
  colours: Record<Link['colour'], string>;
}

/** Past this many arrows an unselected picture is a hairball: they fade until an item is picked. */
const BUSY_LINKS = 150;

export function ResourceArrows({ links, anchors, width, height, chain, colours }: ResourceArrowsProps) {
  const theme = useTheme();
  const busy = links.length > BUSY_LINKS;
  return (
    <svg width={width} height={height} style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} aria-hidden data-testid="dashboard-arrows">
      <defs>
        {Object.entries(colours).map(([name, colour]) => (
          <marker key={name} id={`arrow-${name}`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={colour} />
          </marker>
        ))}
      </defs>
      {links.map((link) => {
        const from = anchors.get(`${link.from.column}:${link.from.id}`);
        const to = anchors.get(`${link.to.column}:${link.to.id}`);
        if (!from || !to) return null;
        const lit = chain ? chain.has(`${link.from.column}:${link.from.id}`) && chain.has(`${link.to.column}:${link.to.id}`) : true;
        const bend = (to.left - from.right) / 2;
        const path = `M ${from.right} ${from.middle} C ${from.right + bend} ${from.middle}, ${to.left - bend} ${to.middle}, ${to.left - 2} ${to.middle}`;
        const opacity = chain ? (lit ? 1 : 0.08) : busy ? 0.2 : 0.7;
        return (
          <path
            key={`${link.from.id}>${link.to.id}`}
            d={path}
            fill="none"
            stroke={colours[link.colour] ?? theme.palette.grey[500]}
            strokeWidth={lit && chain ? 2.5 : 1.5}
            strokeOpacity={opacity}
            markerEnd={`url(#arrow-${link.colour})`}
            data-lit={lit && Boolean(chain)}
          />
        );
      })}
    </svg>
  );
}
