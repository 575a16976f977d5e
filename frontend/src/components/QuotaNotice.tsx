import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../api/client';
import { hasAdminShell } from '../../../shared/auth/roles';
import { useOptionalSession } from '../auth/SessionProvider';

/** What §1.9's `details` name, in words a person reads. */
const RESOURCE_NAMES: Record<string, string> = {
  knowledge_bases: 'knowledge bases',
  data_sources: 'data sources',
  storage: 'storage',
  indexed_pages: 'indexed pages',
  conversations: 'conversations this month',
  api_access: 'API access',
};

export function quotaDetails(error: unknown): { resource: string; limit?: number; used?: number } | undefined {
  if (!(error instanceof ApiError) || error.code !== 'QUOTA_EXCEEDED') return undefined;
  const details = (error.details ?? {}) as { resource?: unknown; limit?: unknown; used?: unknown };
  return {
    resource: typeof details.resource === 'string' ? details.resource : 'plan',
    ...(typeof details.limit === 'number' ? { limit: details.limit } : {}),
    ...(typeof details.used === 'number' ? { used: details.used } : {}),
  };
}

const GB = 1024 ** 3;
const amount = (resource: string, value: number) => (resource === 'storage' ? `${Math.round((value / GB) * 100) / 100} GB` : value.toLocaleString());

/**
 * Under any 402 (contract §1.9): which limit was hit and, for an admin, the way to a bigger plan;
 * anyone else is told who can change it.
 */
export function QuotaNotice({ error }: { error: unknown }) {
  const session = useOptionalSession();
  const quota = quotaDetails(error);
  if (!quota) return null;
  const name = RESOURCE_NAMES[quota.resource] ?? quota.resource;
  const figures = quota.limit !== undefined && quota.resource !== 'api_access' ? ` (${amount(quota.resource, quota.used ?? quota.limit)} of ${amount(quota.resource, quota.limit)} used)` : '';
  const admin = session?.user ? hasAdminShell(session.user.role) && session.user.role !== 'system_admin' : false;
  return (
    <Typography variant="body2" component="span" sx={{ display: 'block', mt: 0.5 }} data-testid="quota-notice">
      Plan limit reached: {name}
      {figures}.{' '}
      {admin ? (
        <Link component={RouterLink} to="/organization/settings/billing">
          View plans
        </Link>
      ) : (
        'Ask an administrator of your organization to change its plan.'
      )}
    </Typography>
  );
}
