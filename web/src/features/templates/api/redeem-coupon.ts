import type { redeemCouponResultSchema } from '@pactum/core/api/templates';
import type { Wire } from '@pactum/core/api/wire';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { templatesQueryKey } from './list-templates';

/** The template a coupon code opened. */
export type RedeemCouponResult = Wire<typeof redeemCouponResultSchema>;

/** POST /api/v1/templates/coupons/redeem: a valid coupon code grants access to its template. */
export function redeemCoupon(couponCode: string): Promise<RedeemCouponResult> {
  return apiFetch<RedeemCouponResult>('/api/v1/templates/coupons/redeem', {
    method: 'POST',
    body: { couponCode },
  });
}

export function useRedeemCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}
