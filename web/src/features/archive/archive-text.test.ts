import { archiveMessages } from '@pactum/core/archive';
import { describe, expect, it } from 'vitest';
import { archiveFieldText, deleteFileText, deleteFolderText, isSameIds } from './archive-text';

describe('archive texts', () => {
  it('shows the folder name rule and the shared messages in the user’s language', () => {
    expect(archiveFieldText(archiveMessages.en.folderName, 'fi')).toBe(
      archiveMessages.fi.folderName,
    );
    expect(archiveFieldText('v:required', 'en')).toBe('This field is required');
  });

  it('asks about a file with its name cut to 40 characters', () => {
    const name = `${'a'.repeat(45)}.pdf`;
    expect(deleteFileText(name, 'en')).toBe(
      `Are you sure you would like to delete file ${'a'.repeat(40)}...?`,
    );
    expect(deleteFolderText('contracts', 'en')).toBe(
      'Are you sure you would like to delete folder contracts?',
    );
  });

  it('compares group choices without their order', () => {
    expect(isSameIds(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(isSameIds(['a'], ['a', 'b'])).toBe(false);
    expect(isSameIds([], [])).toBe(true);
  });
});
