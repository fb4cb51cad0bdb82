import { DEFAULT_ARCHIVE_MAX_BYTES } from '@pactum/core/archive';
import { describe, expect, it } from 'vitest';
import { refusalError, uploadRefusal } from './upload-check';

describe('uploadRefusal', () => {
  it('takes a PDF of up to 24 MB', () => {
    expect(
      uploadRefusal({ name: 'a.pdf', size: DEFAULT_ARCHIVE_MAX_BYTES, type: 'application/pdf' }),
    ).toBeUndefined();
    // A browser that knows no type for the file: its name decides here, its bytes on the server.
    expect(uploadRefusal({ name: 'A.PDF', size: 10, type: '' })).toBeUndefined();
  });

  it('refuses another type and a larger file', () => {
    expect(uploadRefusal({ name: 'a.docx', size: 10, type: 'application/msword' })).toBe('notPdf');
    expect(
      uploadRefusal({
        name: 'a.pdf',
        size: DEFAULT_ARCHIVE_MAX_BYTES + 1,
        type: 'application/pdf',
      }),
    ).toBe('tooLarge');
  });
});

describe('refusalError', () => {
  it('says it as the server’s code does, in both languages', () => {
    const notPdf = refusalError('notPdf', { name: 'x.docx', size: 10 });
    expect(notPdf.texts.en).toBe('The file "x.docx" is not a PDF. Only PDF files can be archived.');
    expect(notPdf.texts.fi).toContain('x.docx');
    const tooLarge = refusalError('tooLarge', { name: 'big.pdf', size: 30 * 1_048_576 });
    expect(tooLarge.texts.en).toContain('24.00');
    expect(tooLarge.texts.en).toContain('30.00');
  });
});
