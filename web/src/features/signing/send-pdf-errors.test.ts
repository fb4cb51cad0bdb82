import { describe, expect, it } from 'vitest';
import { errorText } from '../../app/error-text';
import { ApiError } from '../../app/http';
import { sendPdfErrorText } from './send-pdf-errors';

describe('sendPdfErrorText', () => {
  const noCredits = new ApiError(
    409,
    'insufficient_credits',
    '- insufficient credits for this billing account,',
  );

  it('shows a whole sentence when the workspace has no credits', () => {
    expect(sendPdfErrorText(noCredits, 'en')).toBe(
      'Insufficient credits for this billing account.',
    );
    expect(sendPdfErrorText(noCredits, 'fi')).toBe('Laskutustilillä ei ole tarpeeksi krediittejä.');
  });

  it('leaves other refusals to the usual text', () => {
    const review = new ApiError(403, 'forbidden', 'This billing account is waiting for review.');
    expect(sendPdfErrorText(review, 'en')).toBeUndefined();
    expect(errorText(review, 'en')).toBe('This billing account is waiting for review.');
  });
});
