import { homeGroupOf } from '@pactum/core/deals';
import type { CrumbKey, PageCrumb } from '../../ui/route-handle';
import { dealHomePath } from '../documents';
import type { SigningView } from './api/get-signing';

const groupCrumbs = {
  negotiate: 'negotiate',
  sign: 'inSigning',
  waiting: 'inSigning',
  signed: 'signed',
  trash: 'trash',
  archived: 'archived',
} as const satisfies Record<ReturnType<typeof homeGroupOf>, CrumbKey>;

/**
 * The signing view's breadcrumbs by the deal's phase (spec 3 §2.1): the deal's list, then
 * 'Review and sign'; the list is 'Negotiate' while the deal is negotiated (signers are set up
 * and signing started from here), 'In Signing' during signing. A signed deal's view is named
 * 'Signed' alone, as its toolbar title.
 */
export function signingCrumbs(view: Pick<SigningView, 'state' | 'signers'>): PageCrumb[] {
  const group = homeGroupOf({
    state: view.state,
    hasUnsignedSignerInvite:
      view.state === 'in-signing' &&
      view.signers.some((signer) => signer.isMe && signer.state === 'new'),
  });
  const list: PageCrumb = { crumb: groupCrumbs[group], to: dealHomePath(group) };
  return view.state === 'signed' ? [list] : [list, { crumb: 'reviewAndSign' }];
}
