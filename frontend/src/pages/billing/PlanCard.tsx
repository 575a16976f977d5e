import { Button, Card, CardActions, CardContent, Chip, List, ListItem, Typography } from '@mui/material';
import { formatCount } from '../../../../shared/rules/billing/usage-display';
import type { PlanEntity } from '../../../../shared/rules/plans';
import { planCardLabel, type PlanCardAction } from './plan-choice';

const SUPPORT: Record<PlanEntity['features']['support_level'], string> = {
  community: 'Community support',
  email: 'Email support',
  priority: 'Priority support',
  premium: 'Premium support + SLA',
};
const API: Record<PlanEntity['features']['api_access'], string> = { none: 'No API access', rest: 'REST API', full: 'Full API' };

export function PlanCard({ plan, action, busy, onSelect }: { plan: PlanEntity; action: PlanCardAction; busy: boolean; onSelect: () => void }) {
  const { features } = plan;
  const selectable = action === 'upgrade' || action === 'downgrade';
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column', borderColor: action === 'current' ? 'primary.main' : undefined }} data-testid={`plan-card-${plan.id}`}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6">{plan.name}</Typography>
        <Typography variant="h4" component="p" sx={{ my: 1 }}>
          ${plan.price}
          <Typography component="span" color="text.secondary">
            {' '}
            / month
          </Typography>
        </Typography>
        {plan.trial_period_days > 0 && <Chip size="small" label={`${plan.trial_period_days}-day trial`} sx={{ mb: 1 }} />}
        <List dense disablePadding>
          <ListItem disableGutters>{formatCount(features.conversations_per_month)} conversations / month</ListItem>
          <ListItem disableGutters>{features.storage_gb} GB storage</ListItem>
          <ListItem disableGutters>
            {features.knowledge_bases} knowledge base{features.knowledge_bases === 1 ? '' : 's'}
          </ListItem>
          <ListItem disableGutters>{features.data_sources} data sources</ListItem>
          <ListItem disableGutters>{formatCount(features.indexed_pages)} indexed pages</ListItem>
          <ListItem disableGutters>{SUPPORT[features.support_level]}</ListItem>
          <ListItem disableGutters>{API[features.api_access]}</ListItem>
        </List>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button fullWidth variant={selectable ? 'contained' : 'outlined'} disabled={!selectable || busy} onClick={onSelect}>
          {planCardLabel[action]}
        </Button>
      </CardActions>
    </Card>
  );
}
