type TextItem = { str?: string; hasEOL?: boolean };

/** Each page's text, in order: pdf.js's text items joined by spaces, lines by newlines. */
export async function readPdfPages(bytes: Uint8Array): Promise<string[]> {
  // Loaded here, in the job: the server starts without pdf.js.
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    // A copy: pdf.js takes the buffer over. (5.x evaluates no font code, so there is no
    // isEvalSupported to turn off any more.)
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const entry of content.items as TextItem[]) {
        if (typeof entry.str !== 'string') continue;
        text += entry.str;
        text += entry.hasEOL ? '\n' : ' ';
      }
      pages.push(
        text
          .replace(/[ \t]+/g, ' ')
          .replace(/ ?\n ?/g, '\n')
          .trim(),
      );
      page.cleanup();
    }
    return pages;
  } finally {
    await document.destroy();
  }
}
