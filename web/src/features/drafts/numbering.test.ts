import { describe, expect, it } from 'vitest';
import { attachmentNumber, sectionLabel, sectionNumber } from './numbering';

describe('draft numbering', () => {
  it('shows sections as § n and leaves unnumbered blocks bare', () => {
    expect(sectionNumber({ number: '2' })).toBe('§ 2');
    expect(sectionNumber({ number: '2.1' })).toBe('§ 2.1');
    expect(sectionNumber({ number: '' })).toBe('');
  });

  it('labels sections with their number and title, or the untitled text', () => {
    expect(sectionLabel({ number: '3', title: 'Payment' }, 'Untitled')).toBe('§ 3 Payment');
    expect(sectionLabel({ number: '', title: '' }, 'Untitled')).toBe('Untitled');
  });

  it('numbers attachments A 1, A 2, ...', () => {
    expect(attachmentNumber(0)).toBe('A 1');
    expect(attachmentNumber(4)).toBe('A 5');
  });
});
