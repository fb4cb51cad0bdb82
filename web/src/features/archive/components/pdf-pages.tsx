import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
// Only the worker's address: the worker itself loads when a document is opened.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/error-text';
import { useLang } from '../../../ui/use-lang';
import { getPdf } from '../api/get-pdf';

/** Space kept under the pages' top edge for the page's own margin. */
const BOTTOM_MARGIN = 24;
/** The smallest page height, on a very low window. */
const MIN_PAGE_HEIGHT = 320;

/** PDF.js, loaded the first time a document is shown (it stays out of every other page). */
async function loadPdfJs() {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs;
}

type PdfPagesProps = { itemId: string; name: string };

/**
 * An archived PDF drawn page by page on canvases, each as tall as the window leaves room for
 * (spec 1 §2: fitted to window height). The file comes from the archive's PDF route with the
 * session cookie; PDF.js runs in its worker, without eval.
 */
export function PdfPages({ itemId, name }: PdfPagesProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<unknown>(null);
  const box = useRef<HTMLDivElement>(null);
  const pageHeight = useFittedHeight(box);

  useEffect(() => {
    const controller = new AbortController();
    let loaded: PDFDocumentProxy | null = null;
    setDoc(null);
    setError(null);
    (async () => {
      const [data, pdfjs] = await Promise.all([getPdf(itemId, controller.signal), loadPdfJs()]);
      if (controller.signal.aborted) return;
      // PDF.js 5.7 has no eval left to turn off (its `isEvalSupported` option is gone), so the
      // Content Security Policy without 'unsafe-eval' holds as it is.
      loaded = await pdfjs.getDocument({ data, verbosity: 0 }).promise;
      if (controller.signal.aborted) {
        void loaded.destroy();
        return;
      }
      setDoc(loaded);
    })().catch((failure: unknown) => {
      if (!controller.signal.aborted) setError(failure);
    });
    return () => {
      controller.abort();
      void loaded?.destroy();
    };
  }, [itemId]);

  return (
    <Box ref={box} sx={{ minHeight: MIN_PAGE_HEIGHT }}>
      {error ? (
        <Alert severity="error" role="alert">
          {errorText(error, lang, t('archive.viewer.renderFailed'))}
        </Alert>
      ) : !doc ? (
        <Stack sx={{ alignItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('archive.viewer.loading')} />
        </Stack>
      ) : (
        <Stack
          spacing={2}
          aria-label={t('archive.viewer.pagesLabel', { name })}
          component="section"
          sx={{ alignItems: 'center' }}
        >
          {Array.from({ length: doc.numPages }, (_, index) => (
            <PdfPageCanvas
              // biome-ignore lint/suspicious/noArrayIndexKey: pages are their numbers
              key={index}
              doc={doc}
              pageNumber={index + 1}
              height={pageHeight}
              onError={setError}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** The height a page gets: the window's, less what is above the pages; kept on resize. */
function useFittedHeight(box: React.RefObject<HTMLDivElement | null>): number {
  const [height, setHeight] = useState(MIN_PAGE_HEIGHT);
  useLayoutEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => {
      const top = box.current?.getBoundingClientRect().top ?? 0;
      const scrolled = window.scrollY;
      setHeight(
        Math.max(MIN_PAGE_HEIGHT, Math.floor(window.innerHeight - top - scrolled - BOTTOM_MARGIN)),
      );
    };
    measure();
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, 150);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [box]);
  return height;
}

type PdfPageCanvasProps = {
  doc: PDFDocumentProxy;
  pageNumber: number;
  height: number;
  onError: (error: unknown) => void;
};

function PdfPageCanvas({ doc, pageNumber, height, onError }: PdfPageCanvasProps) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [isDrawn, setIsDrawn] = useState(false);

  useEffect(() => {
    let task: RenderTask | undefined;
    let isCancelled = false;
    (async () => {
      const page = await doc.getPage(pageNumber);
      const element = canvas.current;
      if (isCancelled || !element) return;
      const natural = page.getViewport({ scale: 1 });
      const scale = height / natural.height;
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: scale * ratio });
      element.width = Math.floor(viewport.width);
      element.height = Math.floor(viewport.height);
      element.style.width = `${Math.floor(natural.width * scale)}px`;
      element.style.height = `${Math.floor(height)}px`;
      task = page.render({ canvas: element, viewport });
      await task.promise;
      if (!isCancelled) setIsDrawn(true);
    })().catch((error: unknown) => {
      if (isCancelled || (error instanceof Error && error.name === 'RenderingCancelledException'))
        return;
      onError(error);
    });
    return () => {
      isCancelled = true;
      task?.cancel();
    };
  }, [doc, pageNumber, height, onError]);

  return (
    <Box
      component="canvas"
      ref={canvas}
      role="img"
      aria-label={t('archive.viewer.page', { page: pageNumber, total: doc.numPages })}
      data-drawn={isDrawn ? 'true' : undefined}
      sx={{ maxWidth: '100%', boxShadow: 2, bgcolor: 'common.white' }}
    />
  );
}
