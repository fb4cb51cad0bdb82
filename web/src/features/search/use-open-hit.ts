import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { checkHitAccess, isHitGone } from './api/check-hit-access';
import { hitPath } from './search-rules';
import type { SearchHit } from './types';

type OpenHitOptions = {
  /** The document opens: the drawer closes. */
  onOpened: () => void;
  /** The caller may no longer open it ('Link to document not found'); the drawer stays. */
  onGone: () => void;
  /** Any other failure (network, server), shown as its error text. */
  onError: (error: unknown) => void;
};

/**
 * Opens a hit after checking that it still opens (spec 3 §6: a hit without access gives 'Link
 * to document not found'), then goes where the home would open it. `openingId` is the hit
 * being checked; a second press meanwhile is ignored.
 */
export function useOpenHit({ onOpened, onGone, onError }: OpenHitOptions) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [openingId, setOpeningId] = useState<string | null>(null);

  const open = async (hit: SearchHit) => {
    if (openingId !== null) return;
    setOpeningId(hit.id);
    try {
      await checkHitAccess(queryClient, hit);
    } catch (error) {
      setOpeningId(null);
      if (isHitGone(error)) onGone();
      else onError(error);
      return;
    }
    setOpeningId(null);
    onOpened();
    navigate(hitPath(hit));
  };

  return { open, openingId };
}
