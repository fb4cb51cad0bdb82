import { describe, expect, it } from 'vitest';
import {
  MIN_SHOWN_PROGRESS,
  nextSendPollStep,
  partyKey,
  SEND_POLL_TRIES,
  shownProgress,
} from './draft-rules';

describe('shownProgress', () => {
  it('never shows less than 5 percent, nor more than 100', () => {
    expect(shownProgress(0)).toBe(MIN_SHOWN_PROGRESS);
    expect(shownProgress(undefined)).toBe(5);
    expect(shownProgress(Number.NaN)).toBe(5);
    expect(shownProgress(42.4)).toBe(42);
    expect(shownProgress(140)).toBe(100);
  });
});

describe('nextSendPollStep', () => {
  const queued = { step: 'creating', errorMessage: null };

  it('waits while there is no deal, and after 300 polls tells it is taking too long', () => {
    expect(SEND_POLL_TRIES).toBe(300);
    expect(nextSendPollStep({ tries: 1, dealCount: 0, queue: queued })).toEqual({ kind: 'wait' });
    expect(nextSendPollStep({ tries: 299, dealCount: 0, queue: undefined })).toEqual({
      kind: 'wait',
    });
    expect(nextSendPollStep({ tries: 300, dealCount: 0, queue: queued })).toEqual({
      kind: 'timeout',
    });
    expect(nextSendPollStep({ tries: 300, dealCount: 0, queue: undefined })).toEqual({
      kind: 'timeout',
    });
  });

  it('goes to the deal once one exists, even on the last poll', () => {
    expect(nextSendPollStep({ tries: 3, dealCount: 1, queue: queued })).toEqual({ kind: 'found' });
    expect(nextSendPollStep({ tries: 300, dealCount: 2, queue: undefined })).toEqual({
      kind: 'found',
    });
  });

  it('tells a queue error with its message', () => {
    expect(
      nextSendPollStep({ tries: 4, dealCount: 0, queue: { step: 'error', errorMessage: 'Boom' } }),
    ).toEqual({ kind: 'error', message: 'Boom' });
    expect(
      nextSendPollStep({ tries: 300, dealCount: 0, queue: { step: 'error', errorMessage: null } }),
    ).toEqual({ kind: 'error', message: '' });
  });
});

describe('partyKey', () => {
  it('compares a party as stored: key order, trimming and absent fields do not count', () => {
    expect(partyKey({ type: 'business', name: 'Acme', vat: '123' })).toBe(
      partyKey({ vat: '123 ', name: ' Acme', type: 'business' } as const),
    );
    expect(partyKey({ type: 'person', name: 'Mia', email: '' })).toBe(
      partyKey({ type: 'person', name: 'Mia' }),
    );
    expect(partyKey({ type: 'person', name: 'Mia' })).not.toBe(
      partyKey({ type: 'business', name: 'Mia' }),
    );
    expect(partyKey({ type: 'person', name: 'Mia', email: 'mia@x.fi' })).not.toBe(
      partyKey({ type: 'person', name: 'Mia', email: 'mia@y.fi' }),
    );
  });
});
