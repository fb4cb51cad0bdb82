#!/usr/bin/env node
// Writes web/public/examples/pactum-import-example.docx, the example Word document the import
// wizard's help links to: a short service agreement laid out the way the importer expects
// (a title, an abstract, numbered Heading 1 sections and Heading 2 subsections).
// Run: node scripts/make-import-example.mjs  (the file is committed; rerun after editing here)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'web/public/examples/pactum-import-example.docx');

const text = (value) => new Paragraph({ children: [new TextRun(value)] });
const section = (value) => new Paragraph({ text: value, heading: HeadingLevel.HEADING_1 });
const subsection = (value) => new Paragraph({ text: value, heading: HeadingLevel.HEADING_2 });

const document = new Document({
  creator: 'Pactum',
  title: 'Service Agreement',
  description: 'An example document for the Pactum Word import',
  sections: [
    {
      children: [
        new Paragraph({ text: 'Service Agreement', heading: HeadingLevel.TITLE }),
        new Paragraph({
          children: [
            new TextRun({
              text: 'An agreement on services the Supplier provides to the Customer: what is delivered, how it is paid for and how the agreement ends.',
              italics: true,
            }),
          ],
        }),
        section('1. Services'),
        text('The Supplier provides the services described in this section.'),
        subsection('1.1 Scope'),
        text('The services cover the work listed in the order confirmation.'),
        subsection('1.2 Quality'),
        text('The Supplier performs the services with professional care and skill.'),
        section('2. Fees and payment'),
        subsection('2.1 Fees'),
        text('The Customer pays the fees agreed in the order confirmation.'),
        subsection('2.2 Invoicing'),
        text('The Supplier invoices monthly in arrears. Payment terms are 14 days net.'),
        section('3. Confidentiality'),
        text(
          'Each party keeps the other party’s confidential information secret and uses it only for this agreement.',
        ),
        section('4. Term and termination'),
        subsection('4.1 Term'),
        text('This agreement enters into force when both parties have signed it.'),
        subsection('4.2 Termination'),
        text('Either party may terminate this agreement with three months’ written notice.'),
        section('5. Governing law'),
        text('This agreement is governed by the laws of Finland.'),
      ],
    },
  ],
});

fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, await Packer.toBuffer(document));
console.info(`Wrote ${path.relative(root, target)}`);
