import { createFamilyHandler } from '../../http/family-handler';
import { cloudResources, cloudResourcesQuota, cloudResourcesStatus, provisionCloudResourcesRoute } from './cloud-resource-routes';
import { listOrganizations } from './organization-list';
import { createOrganizationRoute, getOrganization, isConsumer, updateOrganization } from './organization-routes';
import { organizationAdmins, organizationUsers, systemInviteUser } from './people-routes';
import {
  getAuthSettings,
  getSecuritySettings,
  putAuthSettings,
  putSecuritySettings,
  securitySettingsDefaults,
  validateSecuritySettings,
} from './settings-routes';

/**
 * Organizations (contract §6). The route table applies the role line; each route adds the
 * organization rule (own organization, or any for a system_admin) and its field rules.
 */
export const handler = createFamilyHandler('organizations', {
  'organizations.list': listOrganizations,
  'organizations.create': createOrganizationRoute,
  'organizations.get': getOrganization,
  'organizations.update': updateOrganization,
  'organizations.users': organizationUsers,
  'organizations.admins': organizationAdmins,
  'organizations.systemInviteUser': systemInviteUser,
  'organizations.cloudResources': cloudResources,
  'organizations.provisionCloudResources': provisionCloudResourcesRoute,
  'organizations.cloudResourcesQuota': cloudResourcesQuota,
  'organizations.cloudResourcesStatus': cloudResourcesStatus,
  'organizations.getAuthSettings': getAuthSettings,
  'organizations.putAuthSettings': putAuthSettings,
  'organizations.getSecuritySettings': getSecuritySettings,
  'organizations.putSecuritySettings': putSecuritySettings,
  'organizations.validateSecuritySettings': validateSecuritySettings,
  'organizations.securitySettingsDefaults': securitySettingsDefaults,
  'organizations.isConsumer': isConsumer,
});
