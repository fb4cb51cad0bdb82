import type { RedeemCouponResult } from '@pactum/core/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { templatesQueryKey } from './list-templates';

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
