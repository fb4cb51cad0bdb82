import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { matchServerText } from './server-texts';

describe('matchServerText', () => {
  it('knows the processor’s and the server’s texts, with the name they hold', () => {
    expect(matchServerText('Your card was declined.')).toEqual({
      key: 'cardDeclined',
      params: { value: '' },
    });
    expect(matchServerText('Tag urgent deal already exists')).toEqual({
      key: 'tagExists',
      params: { value: 'urgent deal' },
    });
    expect(matchServerText('bob@example.com is already invited.')?.params.value).toBe(
      'bob@example.com',
    );
  });

  it('gives the same English text back through the English translation', () => {
    const texts = [
      'Your card was declined.',
      'This card is not chargeable.',
      'Max amount of credits is 2000. Please contact our sales!',
      'Invoice (50 credits or more)',
      'All licences are in use. Buy more licences to invite more members.',
      // What the reconciliation records for a payment never charged, or cancelled.
      'The payment did not go through.',
      'The payment was not completed.',
    ];
    for (const text of texts) {
      const match = matchServerText(text);
      expect(match && en.workspaces.serverText[match.key]).toBe(text);
    }
  });

  it('leaves other texts alone', () => {
    expect(matchServerText('Something else')).toBeUndefined();
  });
});
