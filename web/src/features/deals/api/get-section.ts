import { apiFetch } from '../../../app/http';
import { dealSectionApiPath } from '../../documents';
import type { DealSectionChange } from '../types';

/**
 * GET /api/v1/deals/:id/sections/:sectionId: one section as the caller sees it now, with the
 * deal's figures (404 as the deal, or when the section is gone). Asked when an event says the
 * section changed; put into the cached deal by `applySectionChange`.
 */
export function getSection(dealId: string, sectionId: string): Promise<DealSectionChange> {
  return apiFetch<DealSectionChange>(dealSectionApiPath(dealId, sectionId));
}
