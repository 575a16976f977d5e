import { createFamilyHandler } from '../../http/family-handler';
import { createTicket, getTicket, listTickets, registerAttachment, updateTicket } from './ticket-routes';

/** Support (contract §19). The role gate comes from the route table; who may read a ticket is the desk's rule. */
export const handler = createFamilyHandler('support', {
  'support.attachments': registerAttachment,
  'support.createTicket': createTicket,
  'support.listTickets': listTickets,
  'support.getTicket': getTicket,
  'support.updateTicket': updateTicket,
});
