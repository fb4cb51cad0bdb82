import { describe, expect, it } from 'vitest';
import type { SigningSigner, SigningView } from './api/get-signing';
import { signingCrumbs } from './signing-crumbs';

const signer = (overrides: Partial<SigningSigner>) => overrides as SigningSigner;
const view = (state: SigningView['state'], signers: SigningSigner[] = []) => ({ state, signers });

describe('the signing view’s breadcrumbs', () => {
  it.each(['new', 'negotiate'] as const)(
    "are 'Negotiate' › 'Review and sign' while the deal is %s",
    (state) => {
      expect(signingCrumbs(view(state))).toEqual([
        { crumb: 'negotiate', to: '/dashboard/documents/negotiate' },
        { crumb: 'reviewAndSign' },
      ]);
    },
  );

  it("are 'In Signing' › 'Review and sign' in signing, linking to the user's list", () => {
    expect(signingCrumbs(view('in-signing', [signer({ isMe: true, state: 'new' })]))).toEqual([
      { crumb: 'inSigning', to: '/dashboard/documents/sign' },
      { crumb: 'reviewAndSign' },
    ]);
    expect(
      signingCrumbs(
        view('in-signing', [
          signer({ isMe: true, state: 'signed' }),
          signer({ isMe: false, state: 'new' }),
        ]),
      ),
    ).toEqual([
      { crumb: 'inSigning', to: '/dashboard/documents/waiting' },
      { crumb: 'reviewAndSign' },
    ]);
  });

  it("are 'Signed' alone once signed (the toolbar title)", () => {
    expect(signingCrumbs(view('signed'))).toEqual([
      { crumb: 'signed', to: '/dashboard/documents/signed' },
    ]);
  });

  it("are 'Trash' › 'Review and sign' for a trashed deal", () => {
    expect(signingCrumbs(view('trash'))).toEqual([
      { crumb: 'trash', to: '/dashboard/documents/trash' },
      { crumb: 'reviewAndSign' },
    ]);
  });
});
