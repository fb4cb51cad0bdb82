import { describe, expect, it } from 'vitest';
import { withoutEditFile } from './edit-file-param';

describe('withoutEditFile', () => {
  it('drops the document info dialog’s parameter and keeps the rest', () => {
    expect(withoutEditFile('?editFile=1')).toBe('');
    expect(withoutEditFile('?showAlertDrawer=&editFile=abc')).toBe('?showAlertDrawer=');
    expect(withoutEditFile('?page=2')).toBe('?page=2');
    expect(withoutEditFile('')).toBe('');
  });
});
