import {
  DEFAULT_SIGNATURE_COLOR,
  DEFAULT_SIGNATURE_FONT,
  type SignatureDefaults,
  signingMessage,
} from '@pactum/core/signing';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { saveSignatureDefaults } from './queries';
import type { Caller } from './signing-context';

/** PATCH /signing/defaults: 'Your signature font updated.' / 'Your signature colour updated.' */
export async function updateSignatureDefaults(
  platform: Platform,
  options: { user: Caller; font?: SignatureDefaults['font']; color?: SignatureDefaults['color'] },
): Promise<{ defaults: SignatureDefaults; message: string }> {
  if (!options.font && !options.color) throw new AppError('validation_failed');
  const row = await saveSignatureDefaults(platform.database.db, options.user.id, {
    ...(options.font ? { font: options.font } : {}),
    ...(options.color ? { color: options.color } : {}),
  });
  return {
    defaults: {
      font: row?.font ?? DEFAULT_SIGNATURE_FONT,
      color: row?.color ?? DEFAULT_SIGNATURE_COLOR,
    },
    message: signingMessage(options.font ? 'fontUpdated' : 'colourUpdated', options.user.lang),
  };
}
