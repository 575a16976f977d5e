import { limitsReport, usageReport } from '../../domain/usage/usage-report';
import { implement, requireCaller } from '../../http/api-types';
import { createFamilyHandler } from '../../http/family-handler';
import { getPorts } from '../../contracts/ports/ports';

/** §21.1: the organization's counters against its plan in force. */
const current = implement({
  async handle(request) {
    const { organization } = requireCaller(request);
    return { status: 200, body: { data: await usageReport(getPorts().database, organization) } };
  },
});

/** §21.2. */
const limits = implement({
  async handle(request) {
    const { organization } = requireCaller(request);
    return { status: 200, body: { data: await limitsReport(getPorts().database, organization) } };
  },
});

/** Usage (contract §21). */
export const handler = createFamilyHandler('usage', { 'usage.current': current, 'usage.limits': limits });
