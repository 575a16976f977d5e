import { createFamilyHandler } from '../../http/family-handler';
import {
  accessCheck,
  createApplicationRoute,
  deleteApplicationRoute,
  getApplication,
  listApplications,
  setEnabled,
  updateApplicationRoute,
} from './application-routes';
import { getApplicationGroups, putApplicationGroups } from './group-routes';
import { notify } from './notify-route';

/** RAG applications (contract §16). The role gate comes from the route table; group access is checked per route. */
export const handler = createFamilyHandler('rag', {
  'rag.list': listApplications,
  'rag.get': getApplication,
  'rag.accessCheck': accessCheck,
  'rag.create': createApplicationRoute,
  'rag.update': updateApplicationRoute,
  'rag.delete': deleteApplicationRoute,
  'rag.setEnabled': setEnabled,
  'rag.getGroups': getApplicationGroups,
  'rag.putGroups': putApplicationGroups,
  'rag.notify': notify,
});
