import { describe, expect, it } from 'vitest';
import {
  auditEventDetail,
  auditEventText,
  documentEventCodes,
  documentEventText,
  isDocumentEventCode,
} from './document-events';
import { languages } from './validation';

describe('document event texts', () => {
  it.each(languages)('names every event the server writes in %s', (lang) => {
    for (const code of documentEventCodes) {
      const text = documentEventText(code, lang);
      expect(text, code).not.toBe(code);
      expect(text, code).not.toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
      expect(text.trim(), code).not.toBe('');
    }
  });

  it('has a Finnish text of its own for every event', () => {
    for (const code of documentEventCodes) {
      expect(documentEventText(code, 'fi'), code).not.toBe(documentEventText(code, 'en'));
    }
  });

  it('names the negotiation events that used to show as codes', () => {
    expect(documentEventText('section-edit')).toBe('New version of a section');
    expect(documentEventText('section-agree', 'fi')).toBe('Kohta hyväksytty');
    expect(documentEventText('signign-start')).toBe('Signing started');
  });

  it('shows an unknown event as a generic text, never its code', () => {
    expect(isDocumentEventCode('section-lock')).toBe(false);
    expect(documentEventText('section-lock')).toBe('Document updated');
    expect(documentEventText('section-lock', 'fi')).toBe('Asiakirjaa päivitetty');
    expect(auditEventText({ event: 'section-lock', by: 'Matti' }, 'en')).toBe(
      'Document updated — Matti',
    );
  });
});

describe('audit trail lines', () => {
  it('adds who did it', () => {
    expect(auditEventText({ event: 'document-sign', by: 'Matti Meikäläinen' })).toBe(
      'Document signed — Matti Meikäläinen',
    );
    expect(auditEventText({ event: 'signing-complete', by: null }, 'fi')).toBe(
      'Kaikki osapuolet allekirjoittaneet',
    );
  });

  it('names the section by its number and title', () => {
    expect(
      auditEventText({
        event: 'section-agree',
        by: 'Sarah Sender',
        section: { number: '2.1', title: 'Price' },
      }),
    ).toBe('Section agreed: 2.1 Price — Sarah Sender');
    expect(
      auditEventText(
        { event: 'section-edit', section: { number: '3', title: 'Voimassaolo' } },
        'fi',
      ),
    ).toBe('Kohdasta uusi versio: 3 Voimassaolo');
  });

  it('names a removed section by its title alone, and leaves out an empty one', () => {
    expect(
      auditEventText({ event: 'section-delete', section: { number: '', title: 'Old terms' } }),
    ).toBe('Section removed: Old terms');
    expect(auditEventText({ event: 'section-create', section: { number: '', title: ' ' } })).toBe(
      'Section added',
    );
  });

  it('names whose signature a decline voided, and the decline’s reason (issue 40)', () => {
    const voided = auditEventDetail('signature-voided', { name: 'Ann Lee', signerId: 'x' });
    expect(auditEventText({ event: 'signature-voided', by: 'Bo', detail: voided })).toBe(
      'Signature voided: Ann Lee — Bo',
    );
    const declined = auditEventDetail('signing-declined', { reason: 'Wrong price.' });
    expect(auditEventText({ event: 'signing-declined', by: 'Bo', detail: declined }, 'fi')).toBe(
      'Allekirjoittamisesta kieltäydytty, palattu neuvotteluun — Bo. Perustelu: Wrong price.',
    );
    expect(auditEventDetail('document-sign', { name: 'Ann Lee' })).toBeNull();
    expect(auditEventDetail('signing-declined', { reason: 3 })).toBeNull();
  });
});
