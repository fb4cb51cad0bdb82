import type {
  dealCardSchema,
  dealDetailSchema,
  dealEventPageSchema,
  dealEventSchema,
  dealFiguresSchema,
  dealListSchema,
  dealSectionChangeSchema,
  dealSectionSchema,
  redlineSchema,
  sectionChipSchema,
  sectionVersionListSchema,
  sectionVersionSchema,
} from '@pactum/core/api/deals';
import type { Wire } from '@pactum/core/api/wire';

/* The deal routes' answers as the web reads them: the wire side of the server's schemas. */

/** GET /deals/:dealId: the deal as the caller's party sees it. */
export type DealDetail = Wire<typeof dealDetailSchema>;
/** A deal section as both editors show it (its versions: GET …/versions). */
export type DealSection = Wire<typeof dealSectionSchema>;
/** The deal-level figures a section change can move (state, counts, progress…). */
export type DealFigures = Wire<typeof dealFiguresSchema>;
/**
 * The answer of the section actions and of GET …/sections/:sectionId: the section now, the
 * deal's figures, and the caller's other sections whose edit lock the action let go of.
 */
export type DealSectionChange = Wire<typeof dealSectionChangeSchema>;
/** The state chip of a deal section. */
export type SectionChip = Wire<typeof sectionChipSchema>;
/** One row of a deal list. */
export type DealCard = Wire<typeof dealCardSchema>;
/** GET /deals?group=: one page of a list group. */
export type DealList = Wire<typeof dealListSchema>;
/** One activity entry. */
export type DealEvent = Wire<typeof dealEventSchema>;
/** GET /deals/:dealId/events: a page of the activity feed. */
export type DealEventPage = Wire<typeof dealEventPageSchema>;
/** One version of a section. */
export type SectionVersion = Wire<typeof sectionVersionSchema>;
/** GET …/versions. */
export type SectionVersionList = Wire<typeof sectionVersionListSchema>;
/** GET …/redline: `titleHtml` is null when both versions have the same title. */
export type Redline = Wire<typeof redlineSchema>;
