import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/http';
import { importErrorText, importText } from './import-text';

describe('import texts', () => {
  it('translates the import rules the server answers in English', () => {
    const error = new ApiError(400, 'validation_failed', 'No fitting title text found :(');
    expect(importErrorText(error, 'fi')).toBe('Sopivaa otsikkotekstiä ei löytynyt :(');
    expect(importErrorText(error, 'en')).toBe('No fitting title text found :(');
    expect(
      importText('The Word document unpacks to more than 50 Mb and cannot be imported.', 'fi'),
    ).toBe('Word-asiakirja purkautuu yli 50 Mb:n kokoiseksi, eikä sitä voi tuoda.');
  });

  it('keeps other texts', () => {
    expect(importText('Something else', 'fi')).toBe('Something else');
    expect(importText(null, 'en')).toBe('The Word document could not be converted.');
  });
});
