import { createFamilyHandler } from '../../http/family-handler';

/** Every route of this family authenticates and answers 501 until its issue lands (see README, "Status"). */
export const handler = createFamilyHandler('web-sources', {});
