import { createFamilyHandler } from '../../http/family-handler';
import { slackEvents } from './slack-events-route';

/** Integrations (contract §18): the Slack Events API receiver. */
export const handler = createFamilyHandler('integrations', {
  'integrations.slackEvents': slackEvents,
});
