/* The front door of deals: what other features may use of it. */

export { dealQueryOptions, useDeal } from './api/get-deal';
export type { DealDetail } from './types';
